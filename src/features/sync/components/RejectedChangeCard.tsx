import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RejectedChange } from '#src/device/hooks/useSyncState.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import { describeRejected } from '../utils/rejectedChange.ts';

/**
 * One change the server refused: the record it was for, why, and each field as
 * `label: mine → now on the server`. Retry sends it again (with the fields fixed, when the person
 * chose to fix them); discard drops it.
 */
export function RejectedChangeCard({
  change,
  onRetry,
  onDiscard,
}: {
  change: RejectedChange;
  onRetry: (corrected: Record<string, string> | undefined) => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation(['sync', 'leads']);
  const names = useUserNames();
  const { mutation, message } = change.entry;
  const view = describeRejected(
    t,
    mutation,
    change.server,
    (id) => names?.get(id) || t('leads:lead.unnamed'),
  );
  // Only text fields are fixed here; the rest is sent again as it was.
  const editable = view.fields.filter((f) => {
    const value = mutation.args[f.key];
    return typeof value === 'string' || typeof value === 'number';
  });
  const [fixing, setFixing] = useState<Record<string, string> | undefined>();

  return (
    <Stack
      gap="xs"
      p="sm"
      component="section"
      aria-label={view.title}
      style={{ border: '1px solid var(--mantine-color-red-3)', borderRadius: 8 }}
    >
      <div>
        <Text fw={600} size="sm">
          {view.title}
        </Text>
        <Text size="xs" c="dimmed">
          {view.kind}
        </Text>
      </div>
      <Text size="sm">{message}</Text>
      {view.fields.length > 0 && (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('sync.yoursThenServer')}
          </Text>
          <List size="sm" aria-label={t('sync.changeFields')}>
            {view.fields.map((field) => (
              <List.Item key={field.key}>
                {field.label}: {field.mine} → {field.server}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {fixing &&
        editable.map((field) => (
          <TextInput
            key={field.key}
            size="xs"
            label={field.label}
            value={fixing[field.key] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setFixing((all) => ({ ...all, [field.key]: value }));
            }}
          />
        ))}
      <Group gap="xs">
        <Button size="xs" onClick={() => onRetry(fixing)}>
          {t('sync.retry')}
        </Button>
        {!fixing && editable.length > 0 && (
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              setFixing(Object.fromEntries(editable.map((f) => [f.key, String(mutation.args[f.key])])))
            }
          >
            {t('sync.fix')}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={onDiscard}>
          {t('sync.discard')}
        </Button>
      </Group>
    </Stack>
  );
}
