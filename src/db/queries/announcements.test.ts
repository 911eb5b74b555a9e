import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { markAnnouncementsRead } from '#src/sync/commands/announcements.ts';
import { CrmDatabase } from '../database.ts';
import { listAnnouncements, readAnnouncementIds } from './announcements.ts';

describe('announcements on the device', () => {
  it('lists the live ones and keeps which were opened, on the device only', async () => {
    const db = new CrmDatabase('announcements-read', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.announcements.bulkPut([
      { _id: 'a', title: 'One', category: 'General' },
      { _id: 'b', title: 'Two', category: 'Policies' },
      { _id: 'c', title: 'Gone', category: 'General', deleted_at: '2026-11-01T00:00:00.000Z' },
    ]);
    expect((await listAnnouncements(db)).map((r) => r._id).sort()).toEqual(['a', 'b']);
    expect(await readAnnouncementIds(db)).toEqual(new Set());
    await markAnnouncementsRead(db, ['a']);
    await markAnnouncementsRead(db, ['a']);
    expect(await readAnnouncementIds(db)).toEqual(new Set(['a']));
    // Nothing is queued for the server.
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});
