import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase, databaseName } from './database.ts';

describe('device database versions', () => {
  it('version 1 opens empty with every table', async () => {
    const db = new CrmDatabase('v1-fresh', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(2);
    for (const table of ['contacts', 'outbox', 'rejected', 'base', 'meta', 'path_points', 'media_blobs']) {
      expect(db.tables.map((t) => t.name)).toContain(table);
    }
    db.close();
  });

  it('upgrades a version 1 database to version 2 keeping every row, giving leads an empty status', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-upgrade');
    // A device that ran the version 1 app.
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(1).stores({
      contacts: '_id, deal_stage_status, owner_id, team_id, updated_at, last_touched_at',
      outbox: 'id, row_id',
      meta: 'key',
    });
    await old.table('contacts').bulkAdd([
      { _id: 'a', name: 'Old Lead', deal_stage: 'Contact', deal_stage_status: 'Renter' },
      { _id: 'b', name: 'No Status' },
    ]);
    await old.table('outbox').add({
      id: 1,
      name: 'lead.edit.v1',
      args: { _id: 'a', email: 'x@y.z' },
      table: 'contacts',
      row_id: 'a',
    });
    await old.table('meta').put({ key: 'cursor', value: 42 });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(await db.contacts.get('a')).toMatchObject({ name: 'Old Lead', deal_stage_status: 'Renter' });
    expect(await db.contacts.get('b')).toMatchObject({
      name: 'No Status',
      deal_stage_status: '',
      deal_stage: '',
    });
    expect(await db.outbox.count()).toBe(1);
    expect((await db.meta.get('cursor'))?.value).toBe(42);
    // The version 2 index answers stage + status queries.
    expect(
      await db.contacts.where('[deal_stage+deal_stage_status]').equals(['Contact', 'Renter']).count(),
    ).toBe(1);
    db.close();
  });

  it('keeps each user in a database of their own', () => {
    expect(databaseName('u1')).not.toBe(databaseName('u2'));
  });
});
