import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  usePendingCount,
  useRejectedCount,
  useSyncNow,
  useSyncStatus,
} from '#src/device/hooks/useSyncState.ts';
import { LineIcon } from '#src/ui/LineIcon.tsx';
import { timeAgo, useTimeAgoNow } from '#src/ui/timeAgo.ts';

const COLOURS: Record<string, string> = {
  idle: 'green',
  syncing: 'blue',
  offline: 'gray',
  'signed-out': 'orange',
  error: 'red',
  'storage-full': 'red',
  follower: 'green',
};

/**
 * Header status: online or offline, changes waiting, last synced, and what needs attention. On a
 * phone the count of changes waiting stays (a rep offline all day needs it most); the last sync
 * time and the words of "Sync now" give way to fit.
 */
export function SyncStatusIndicator({ onOpenAttention }: { onOpenAttention: () => void }) {
  const { t } = useTranslation('sync');
  const now = useTimeAgoNow();
  const syncNow = useSyncNow();
  const status = useSyncStatus();
  const pending = usePendingCount();
  const rejected = useRejectedCount();
  const label = t(`sync.state.${status.state}`);
  const lastSynced = status.lastSyncedAt
    ? t('sync.lastSynced', { when: timeAgo(status.lastSyncedAt, now) })
    : t('sync.never');
  return (
    <Group gap={6} wrap="nowrap" aria-label={t('sync.label')} role="status">
      {/* A plain title keeps the header free of the popover machinery. */}
      <Badge color={COLOURS[status.state] ?? 'gray'} variant="light" title={status.error ?? label}>
        {label}
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title={lastSynced}>
        {t('sync.pending', { count: pending })}
        <Text span inherit visibleFrom="sm">
          {' · '}
          {lastSynced}
        </Text>
      </Text>
      {rejected > 0 && (
        <Button size="compact-xs" color="red" variant="light" onClick={onOpenAttention}>
          {t('sync.needsAttention', { count: rejected })}
        </Button>
      )}
      <Button size="compact-xs" variant="subtle" visibleFrom="sm" onClick={() => void syncNow()}>
        {t('sync.now')}
      </Button>
      <ActionIcon
        size="sm"
        variant="subtle"
        hiddenFrom="sm"
        onClick={() => void syncNow()}
        aria-label={t('sync.now')}
        title={t('sync.now')}
      >
        <LineIcon paths={SYNC_ICON} size={16} />
      </ActionIcon>
    </Group>
  );
}

/** Two arrows in a circle: sync. */
const SYNC_ICON = ['M20 11a8 8 0 0 0-14.9-3.9M4 4v4h4', 'M4 13a8 8 0 0 0 14.9 3.9M20 20v-4h-4'];
