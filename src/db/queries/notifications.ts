/** The signed-in user's notifications on the device (the pull brings only their own). */
import type { CrmDatabase } from '../database.ts';
import type { NotificationRow } from '../rows.ts';

export interface NotificationPage {
  /** The newest `limit` notifications, newest first (by the server's number, as the spec sorts). */
  rows: NotificationRow[];
  count: number;
  unread: number;
}

/** Live notifications, newest first: the first `limit` of them with the totals. */
export async function listNotifications(db: CrmDatabase, limit: number): Promise<NotificationPage> {
  const all = (await db.notifications.orderBy('id').reverse().toArray()) as NotificationRow[];
  const live = all.filter((n) => !n.deleted_at);
  return {
    rows: live.slice(0, limit),
    count: live.length,
    unread: live.filter((n) => n.is_read !== true).length,
  };
}

/** Ids of the unread notifications (all of them, or those among `ids`). */
export async function unreadNotificationIds(db: CrmDatabase, ids?: readonly string[]): Promise<string[]> {
  const rows = (ids ? await db.notifications.bulkGet([...ids]) : await db.notifications.toArray()) as (
    | NotificationRow
    | undefined
  )[];
  return rows
    .filter((n): n is NotificationRow => !!n && !n.deleted_at && n.is_read !== true)
    .map((n) => n._id);
}
