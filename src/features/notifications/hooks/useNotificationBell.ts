import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NotificationRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useNotifications } from '#src/device/hooks/useNotifications.ts';
import { notificationTarget } from '#src/domain/notificationLinks.ts';
import { NOTIFICATION_PAGE_SIZE } from '#src/domain/schemas/notification.ts';
import { showToast } from '#src/ui/toasts.tsx';

/**
 * The bell's list from the device's synced rows: pages of 10, newest first; opening one marks it
 * read (queued, so it works offline) and goes to what it is about.
 */
export function useNotificationBell(onNavigate: () => void) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const { markNotificationsRead } = useCommands();
  const [limit, setLimit] = useState(NOTIFICATION_PAGE_SIZE);
  const page = useNotifications(limit);

  const mark = useCallback(
    (ids?: string[]) =>
      markNotificationsRead(ids).catch((err: unknown) =>
        showToast({
          color: 'red',
          title: t('notificationBell.markFailed'),
          message: err instanceof Error ? err.message : String(err),
        }),
      ),
    [markNotificationsRead, t],
  );

  const open = useCallback(
    (row: NotificationRow) => {
      if (row.is_read !== true) void mark([row._id]);
      const target = notificationTarget(row.link);
      if (target) {
        onNavigate();
        void navigate(target);
      }
    },
    [mark, navigate, onNavigate],
  );

  return {
    rows: page?.rows,
    count: page?.count ?? 0,
    unread: page?.unread ?? 0,
    hasMore: (page?.count ?? 0) > limit,
    loadMore: () => setLimit((n) => n + NOTIFICATION_PAGE_SIZE),
    markAllRead: () => void mark(),
    open,
  };
}
