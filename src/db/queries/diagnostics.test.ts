import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { META, setMeta } from '../meta.ts';
import { databaseStatus, outboxStatus, syncLogStatus } from './diagnostics.ts';

const change = (id: number) => ({
  id,
  name: 'lead.edit.v1',
  args: {},
  table: 'contacts' as const,
  row_id: `lead-${id}`,
  created_at: '2026-03-01T10:00:00Z',
});

describe('diagnostics queries', () => {
  it('counts every table of the device database and names its version', async () => {
    const db = new CrmDatabase('diagnostics-tables', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.users.bulkPut([{ _id: 'a' }, { _id: 'b' }]);
    const status = await databaseStatus(db);
    expect(status.name).toBe('diagnostics-tables');
    expect(status.version).toBe(db.verno);
    expect(status.tables.find((t) => t.name === 'users')?.count).toBe(2);
    expect(status.tables.find((t) => t.name === 'outbox')?.count).toBe(0);
    expect(status.tables.map((t) => t.name)).toEqual([...status.tables.map((t) => t.name)].sort());
  });

  it('lists waiting changes oldest first, capped, with the full count and the refused ones', async () => {
    const db = new CrmDatabase('diagnostics-outbox', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.outbox.bulkPut([change(3), change(1), change(2)]);
    await db.rejected.put({
      id: 9,
      mutation: change(9),
      message: 'Refused',
      rejected_at: '2026-03-01T11:00:00Z',
    });
    const status = await outboxStatus(db, 2);
    expect(status.pending.map((e) => e.id)).toEqual([1, 2]);
    expect(status.pendingCount).toBe(3);
    expect(status.rejected.map((e) => e.message)).toEqual(['Refused']);
  });

  it('reads the cursor, client id, last sync and the unsent logs', async () => {
    const db = new CrmDatabase('diagnostics-sync', { indexedDB: new IDBFactory(), IDBKeyRange });
    expect(await syncLogStatus(db)).toMatchObject({
      clientId: null,
      cursor: 0,
      nextMutationId: 1,
      lastSyncedAt: null,
    });
    await setMeta(db, META.cursor, 42);
    await setMeta(db, META.clientId, 'device-1');
    await setMeta(db, META.lastSyncedAt, '2026-03-01T12:00:00Z');
    await db.events.bulkPut([
      { id: 'e1', synced: 0 },
      { id: 'e2', synced: 1 },
    ] as never);
    const status = await syncLogStatus(db);
    expect(status).toMatchObject({ clientId: 'device-1', cursor: 42, lastSyncedAt: '2026-03-01T12:00:00Z' });
    expect(status.unsentLogs.find((l) => l.table === 'events')?.count).toBe(1);
  });
});
