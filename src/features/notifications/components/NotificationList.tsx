import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTimeAgoNow } from '#src/ui/timeAgo.ts';
import { useNotificationBell } from '../hooks/useNotificationBell.ts';
import { NotificationItem } from './NotificationItem.tsx';

/** The bell's list: newest first in pages of 10, 'Load more', 'Mark all read'. */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('notifications');
  const bell = useNotificationBell(onNavigate);
  // The shared 30 s clock of every time-ago label (SPEC section 9).
  const now = useTimeAgoNow();

  if (!bell.rows) return <Loader size="sm" aria-label={t('notificationBell.title')} />;
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('notificationBell.shown', { shown: bell.rows.length, count: bell.count })}
        </Text>
        <Button size="compact-sm" variant="subtle" disabled={bell.unread === 0} onClick={bell.markAllRead}>
          {t('notificationBell.markAllRead')}
        </Button>
      </Group>
      {bell.rows.length === 0 ? (
        <Text size="sm">{t('notificationBell.empty')}</Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          aria-label={t('notificationBell.list')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {bell.rows.map((row) => (
            <li key={row._id}>
              <NotificationItem row={row} now={now} onOpen={bell.open} />
            </li>
          ))}
        </Stack>
      )}
      {bell.hasMore && (
        <Button variant="default" size="xs" onClick={bell.loadMore}>
          {t('notificationBell.loadMore')}
        </Button>
      )}
    </Stack>
  );
}
