/** Marking the user's notifications read: shown at once, queued as `notification.read.v1` per row. */
import type { CrmDatabase } from '#src/db/database.ts';
import { unreadNotificationIds } from '#src/db/queries/notifications.ts';
import { enqueue, readForWrite, transactionTables } from './enqueue.ts';

/**
 * Marks the given notifications read (all unread ones when `ids` is omitted). One mutation per
 * row keeps each row's pending state its own, as every other queued change; rows already read
 * queue nothing.
 */
export async function markNotificationsRead(db: CrmDatabase, ids?: readonly string[]): Promise<number> {
  return db.transaction('rw', transactionTables(db, 'notifications'), async () => {
    const unread = await unreadNotificationIds(db, ids);
    for (const id of unread) {
      await enqueue(
        db,
        'notifications',
        id,
        'notification.read.v1',
        { id },
        await readForWrite(db, 'notifications', id),
      );
    }
    return unread.length;
  });
}
