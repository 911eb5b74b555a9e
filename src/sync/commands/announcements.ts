/** Announcements opened on this device: kept per user in `meta`, never sent to the server. */

import type { CrmDatabase } from '#src/db/database.ts';
import { getMeta, setMeta } from '#src/db/meta.ts';
import { ANNOUNCEMENTS_READ } from '#src/db/queries/announcements.ts';
import { withRead } from '#src/domain/announcements.ts';

export async function markAnnouncementsRead(db: CrmDatabase, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db.transaction('rw', db.meta, async () => {
    const kept = await getMeta<string[]>(db, ANNOUNCEMENTS_READ, []);
    if (ids.every((id) => kept.includes(id))) return;
    await setMeta(db, ANNOUNCEMENTS_READ, withRead(kept, ids));
  });
}
