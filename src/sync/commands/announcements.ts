/** Announcements opened on this device: kept per user in `meta`, never sent to the server. */

import type { CrmDatabase } from '../../db/database.ts';
import { getMeta, setMeta } from '../../db/meta.ts';
import { ANNOUNCEMENTS_READ } from '../../db/queries/announcements.ts';
import { withRead } from '../../domain/announcements.ts';

export async function markAnnouncementsRead(db: CrmDatabase, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.transaction('rw', db.meta, async () => {
    const kept = await getMeta<string[]>(db, ANNOUNCEMENTS_READ, []);
    if (ids.every((id) => kept.includes(id))) return;
    await setMeta(db, ANNOUNCEMENTS_READ, withRead(kept, ids));
  });
}
