/**
 * Announcements on the device and which of them this user has opened. The read state is this
 * device's own (the database is the signed-in user's, so it is per user): ids kept in `meta`
 * under ANNOUNCEMENTS_READ, never synced.
 */
import type { CrmDatabase } from '../database.ts';
import { getMeta } from '../meta.ts';
import type { AnnouncementRow } from '../rows.ts';

export const ANNOUNCEMENTS_READ = 'announcements_read';

/** Every announcement on the device that is not deleted. */
export async function listAnnouncements(db: CrmDatabase): Promise<AnnouncementRow[]> {
  return ((await db.announcements.toArray()) as AnnouncementRow[]).filter((row) => !row.deleted_at);
}

/** The ids of the announcements this user has opened on this device. */
export async function readAnnouncementIds(db: CrmDatabase): Promise<Set<string>> {
  return new Set(await getMeta<string[]>(db, ANNOUNCEMENTS_READ, []));
}
