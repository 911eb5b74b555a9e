import { useLiveQuery } from 'dexie-react-hooks';
import { listAnnouncements, readAnnouncementIds } from '#src/db/queries/announcements.ts';
import type { AnnouncementRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The org's announcements on the device (undefined until read). */
export function useAnnouncements(): AnnouncementRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => listAnnouncements(db), [db]);
}

/** Ids of the announcements this user has opened on this device (undefined until read). */
export function useReadAnnouncementIds(): Set<string> | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => readAnnouncementIds(db), [db]);
}
