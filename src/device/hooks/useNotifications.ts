import { useLiveQuery } from 'dexie-react-hooks';
import { listNotifications, type NotificationPage } from '#src/db/queries/notifications.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The user's newest `limit` notifications and the unread count, live (undefined while reading). */
export function useNotifications(limit: number): NotificationPage | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => listNotifications(db, limit), [db, limit]);
}
