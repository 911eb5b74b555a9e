import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationBell } from '../hooks/useNotificationBell.ts';
import { NotificationItem } from './NotificationItem.tsx';

/** SPEC section 9: time-ago texts refresh every 30 s. */
const TICK_MS = 30_000;

/** The bell's list: newest first in pages of 10, 'Load more', 'Mark all read'. */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const bell = useNotificationBell(onNavigate);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

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
