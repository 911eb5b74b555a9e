import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { showToast } from '#src/ui/toasts.tsx';

/**
 * Statuses an edit removes while contacts are still on them: each offers to move those contacts to
 * a status the saved stages and the edit both keep, so the edit can then be saved.
 */
export function OrphanMover({
  orphans,
  targets,
}: {
  orphans: { status: string; contacts: number }[];
  targets: string[];
}) {
  const { t } = useTranslation('admin');
  return (
    <Alert color="red" title={t('admin.stages.orphansTitle')}>
      <Stack gap="sm">
        {orphans.map((o) => (
          <OrphanRow key={o.status} status={o.status} contacts={o.contacts} targets={targets} />
        ))}
      </Stack>
    </Alert>
  );
}

function OrphanRow({ status, contacts, targets }: { status: string; contacts: number; targets: string[] }) {
  const { t } = useTranslation('admin');
  const { moveLeadsToStatus } = useCommands();
  const [to, setTo] = useState(targets[0] ?? '');
  const [moving, setMoving] = useState(false);

  async function move() {
    setMoving(true);
    try {
      const moved = await moveLeadsToStatus(status, to);
      showToast({
        title: t('admin.stages.movedTitle'),
        message: t('admin.stages.moved', { count: moved, to }),
      });
    } catch (err) {
      showToast({
        color: 'red',
        title: t('common.error'),
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setMoving(false);
    }
  }

  return (
    <Stack gap={4}>
      <Text size="sm">{t('admin.stages.orphan', { status, count: contacts })}</Text>
      {targets.length > 0 && (
        <Group gap="xs" align="flex-end">
          <NativeSelect
            size="xs"
            label={t('admin.stages.moveTo', { status })}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            data={targets}
          />
          <Button size="xs" onClick={() => void move()} loading={moving} disabled={!to}>
            {t('admin.stages.moveContacts', { count: contacts })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
