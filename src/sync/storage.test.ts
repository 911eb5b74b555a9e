import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { pruneSyncedLogs } from './storage.ts';

describe('pruning under storage pressure', () => {
  it('drops uploaded files but keeps their thumbnails and every file still to upload', async () => {
    const db = new CrmDatabase(`prune-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await db.media_blobs.bulkPut([
      { id: 'up', blob, name: 'a.png', type: 'image/png', uploaded: 1 },
      { id: 'up:thumb', blob, name: 'a.png', type: 'image/jpeg', uploaded: 1 },
      { id: 'waiting', blob, name: 'b.png', type: 'image/png' },
      { id: 'refused', blob, name: 'c.png', type: 'image/png', failed: 'The file is empty.' },
    ]);
    expect(await pruneSyncedLogs(db)).toBe(1);
    expect((await db.media_blobs.toCollection().primaryKeys()).sort()).toEqual([
      'refused',
      'up:thumb',
      'waiting',
    ]);
    db.close();
  });
});
