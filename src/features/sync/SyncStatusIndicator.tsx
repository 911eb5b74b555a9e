import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSyncNow, useSyncStatus } from '../../device/DeviceProvider.tsx';
import { usePendingCount, useRejectedCount } from '../../device/hooks/useSyncState.ts';
import { timeAgo } from '../../ui/timeAgo.ts';

const COLOURS: Record<string, string> = {
  idle: 'green',
  syncing: 'blue',
  offline: 'gray',
  'signed-out': 'orange',
  error: 'red',
  'storage-full': 'red',
  follower: 'green',
};

/** Header status: online or offline, changes waiting, last synced, and what needs attention. */
export function SyncStatusIndicator({ onOpenAttention }: { onOpenAttention: () => void }) {
  const { t } = useTranslation();
  const syncNow = useSyncNow();
  const status = useSyncStatus();
  const pending = usePendingCount();
  const rejected = useRejectedCount();
  const label = t(`sync.state.${status.state}`);
  return (
    <Group gap="xs" wrap="nowrap" aria-label={t('sync.label')} role="status">
      {/* A plain title keeps the header free of the popover machinery. */}
      <Badge color={COLOURS[status.state] ?? 'gray'} variant="light" title={status.error ?? label}>
        {label}
      </Badge>
      <Text size="xs" c="dimmed" visibleFrom="sm">
        {t('sync.pending', { count: pending })}
        {' · '}
        {status.lastSyncedAt ? t('sync.lastSynced', { when: timeAgo(status.lastSyncedAt) }) : t('sync.never')}
      </Text>
      {rejected > 0 && (
        <Button size="compact-xs" color="red" variant="light" onClick={onOpenAttention}>
          {t('sync.needsAttention', { count: rejected })}
        </Button>
      )}
      <Button size="compact-xs" variant="subtle" onClick={() => void syncNow()} aria-label={t('sync.now')}>
        {t('sync.now')}
      </Button>
    </Group>
  );
}
