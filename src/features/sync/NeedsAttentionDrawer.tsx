import { Button, Drawer, Group, JsonInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommands } from '../../device/hooks/useCommands.ts';
import { useRejected } from '../../device/hooks/useSyncState.ts';

/** Changes the server refused: the reason, and retry (optionally corrected) or discard. */
export function NeedsAttentionDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { discardRejected, retryRejected } = useCommands();
  const rejected = useRejected();
  const [editing, setEditing] = useState<Record<number, string>>({});

  async function retry(id: number) {
    try {
      const text = editing[id];
      await retryRejected(id, text ? (JSON.parse(text) as Record<string, unknown>) : undefined);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('common.error'),
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }

  return (
    <Drawer opened={opened} onClose={onClose} title={t('sync.needsAttentionTitle')} position="right">
      <Stack>
        {rejected.length === 0 && <Text c="dimmed">{t('sync.nothingNeedsAttention')}</Text>}
        {rejected.map((entry) => (
          <Stack
            key={entry.id}
            gap="xs"
            p="sm"
            style={{ border: '1px solid var(--mantine-color-red-3)', borderRadius: 8 }}
          >
            <Text fw={600} size="sm">
              {t(`sync.mutation.${entry.mutation.name}`, { defaultValue: entry.mutation.name })}
            </Text>
            <Text size="sm">{entry.message}</Text>
            <JsonInput
              label={t('sync.changeFields')}
              autosize
              minRows={2}
              value={editing[entry.id] ?? JSON.stringify(withoutInternals(entry.mutation.args), null, 2)}
              onChange={(value) => setEditing((all) => ({ ...all, [entry.id]: value }))}
            />
            <Group>
              <Button size="xs" onClick={() => void retry(entry.id)}>
                {t('sync.retry')}
              </Button>
              <Button size="xs" variant="default" onClick={() => void discardRejected(entry.id)}>
                {t('sync.discard')}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Drawer>
  );
}

function withoutInternals(args: Record<string, unknown>) {
  const { base_versions: _seen, ...rest } = args;
  return rest;
}
