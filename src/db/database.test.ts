import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase, databaseName } from './database.ts';
import { type PinRow, watchPinChanges } from './pinIndex.ts';
import { watchTables } from './watchTables.ts';

/** The pins as a reader sees them: every change row replayed in order. */
async function pinsOf(db: CrmDatabase): Promise<Map<string, PinRow>> {
  const pins = new Map<string, PinRow>();
  for (const change of await db.pin_changes.toArray()) {
    for (const pin of change.pins ?? []) pins.set(pin._id, pin);
    for (const id of change.removed ?? []) pins.delete(id);
  }
  return pins;
}

/** Each version's whole schema as the app of that version declared it (the changes, in order). */
const SCHEMA_CHANGES: Record<number, Record<string, string>> = {
  1: {
    contacts: '_id, deal_stage_status, owner_id, team_id, updated_at, last_touched_at',
    users: '_id, email',
    teams: '_id',
    team_members: '_id, team_id, user_id',
    regions: '_id',
    products: '_id',
    sales_channels: '_id',
    interfaces: '_id, key',
    notifications: '_id, id',
    announcements: '_id',
    contests: '_id',
    layouts: '_id',
    notes: '_id, lead_id',
    appointments: '_id, lead_id',
    activities: '_id, date',
    base: '[table+_id], table',
    outbox: 'id, row_id',
    rejected: 'id',
    meta: 'key',
    app_sessions: 'id, synced',
    events: 'id, synced',
    error_logs: 'id, synced',
    fingerprints: 'id, synced',
    paths: 'id, synced',
    path_points: 'id, path_id, synced',
    media_blobs: 'id',
  },
  2: {
    contacts:
      '_id, deal_stage_status, owner_id, team_id, updated_at, last_touched_at, [deal_stage+deal_stage_status]',
  },
  3: { pin_changes: '++seq' },
  4: {
    table_views: '_id, table_name, created_by',
    media: '_id, lead_id',
    surveys: '_id, lead_id, template_id',
    survey_templates: '_id',
    orgs: '_id',
    proposals: '_id, lead_id',
  },
  5: { row_writes: '++w, [table+w]', row_columns: '[table+column+w]' },
  6: { contacts: '_id' },
  7: { roles: '_id' },
  8: { cards: '_id' },
  9: { knocks: '_id, user_id, knocked_at' },
  10: { automations: '_id' },
  11: { user_configs: '_id' },
  12: { turfs: '_id, region_id, user_id' },
};

function schemaAt(version: number): Record<string, string> {
  const schema: Record<string, string> = {};
  for (let v = 1; v <= version; v++) Object.assign(schema, SCHEMA_CHANGES[v]);
  return schema;
}

/** Every object store of a database with its key and indexes, read from IndexedDB itself. */
async function storesOf(indexedDB: IDBFactory, name: string) {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(`${name}`);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const names = [...idb.objectStoreNames].sort();
    const tx = idb.transaction(names, 'readonly');
    return {
      version: idb.version,
      stores: names.map((store) => {
        const os = tx.objectStore(store);
        return {
          store,
          keyPath: os.keyPath,
          autoIncrement: os.autoIncrement,
          indexes: [...os.indexNames].sort().map((index) => {
            const i = os.index(index);
            return { index, keyPath: i.keyPath, unique: i.unique, multiEntry: i.multiEntry };
          }),
        };
      }),
    };
  } finally {
    idb.close();
  }
}

describe('device database versions', () => {
  it('version 1 opens empty with every table', async () => {
    const db = new CrmDatabase('v1-fresh', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    for (const table of [
      'contacts',
      'outbox',
      'rejected',
      'base',
      'meta',
      'path_points',
      'media_blobs',
      'pin_changes',
      'table_views',
      'media',
      'orgs',
    ]) {
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
    db.close();
  });

  it('upgrades a version 2 database to version 3, building the pin index from its contacts', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v2');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(2).stores({
      contacts:
        '_id, deal_stage_status, owner_id, team_id, updated_at, last_touched_at, [deal_stage+deal_stage_status]',
      meta: 'key',
    });
    await old.table('contacts').bulkAdd([
      {
        _id: 'a',
        name: 'Placed',
        deal_stage: 'Contact',
        deal_stage_status: 'Renter',
        coordinates: [-112, 33.5],
      },
      {
        _id: 'b',
        name: 'By Address',
        address_obj: { position: { lat: 33.4, lng: -111.9 } },
        deal_stage_status: '',
      },
      { _id: 'c', name: 'Nowhere', deal_stage_status: '' },
    ]);
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    const pins = await pinsOf(db);
    expect(pins.size).toBe(3);
    expect(pins.get('a')).toMatchObject({ lng: -112, lat: 33.5, status: 'Renter', stage: 'Contact' });
    expect(pins.get('b')).toMatchObject({ lng: -111.9, lat: 33.4 });
    expect(pins.get('c')).toMatchObject({ lng: null, lat: null, name: 'Nowhere' });
    db.close();
  });

  it('upgrades a version 3 database to version 4 keeping its rows and queue, with the record tables empty', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v3');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old
      .version(3)
      .stores({ contacts: '_id', notes: '_id, lead_id', outbox: 'id, row_id', pin_changes: '++seq' });
    await old.table('notes').add({ _id: 'n1', lead_id: 'a', body: 'kept' });
    await old.table('outbox').add({ id: 1, name: 'lead.add.v1', args: {}, table: 'contacts', row_id: 'a' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.notes.get('n1')).toMatchObject({ body: 'kept' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.table_views.count()).toBe(0);
    await db.table_views.put({ _id: 'v1', table_name: 'contacts', created_by: 'u1' });
    expect(await db.table_views.where('table_name').equals('contacts').count()).toBe(1);
    db.close();
  });

  it('upgrades a version 4 database to version 6 keeping leads, pins and queue, with contacts indexed by id only', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v4');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(4).stores({
      contacts:
        '_id, deal_stage_status, owner_id, team_id, updated_at, last_touched_at, [deal_stage+deal_stage_status]',
      outbox: 'id, row_id',
      pin_changes: '++seq',
    });
    await old.table('contacts').add({ _id: 'a', name: 'Kept', deal_stage_status: 'Renter', owner_id: 'u1' });
    await old.table('pin_changes').add({ pins: [{ _id: 'a', name: 'Kept' }] });
    await old.table('outbox').add({ id: 1, name: 'lead.edit.v1', args: {}, table: 'contacts', row_id: 'a' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(db.contacts.schema.indexes).toEqual([]);
    expect(await db.contacts.get('a')).toMatchObject({ name: 'Kept', owner_id: 'u1' });
    expect(await db.outbox.count()).toBe(1);
    expect((await pinsOf(db)).get('a')).toMatchObject({ name: 'Kept' });
    // A query by a dropped index is refused rather than answered wrongly.
    await expect(db.contacts.where('owner_id').equals('u1').count()).rejects.toThrow();
    db.close();
  });

  it('upgrades a version 6 database to version 7 keeping its rows and queue, with an empty roles table', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v6');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(6).stores({ contacts: '_id', users: '_id, email', outbox: 'id, row_id' });
    await old.table('contacts').add({ _id: 'a', name: 'Kept' });
    await old.table('users').add({ _id: 'u1', name: 'Ann', email: 'ann@x.io', roles: [100] });
    await old.table('outbox').add({ id: 1, name: 'lead.edit.v1', args: {}, table: 'contacts', row_id: 'a' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.contacts.get('a')).toMatchObject({ name: 'Kept' });
    expect(await db.users.get('u1')).toMatchObject({ roles: [100] });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.roles.count()).toBe(0);
    await db.roles.put({ _id: '100', id: 100, org_id: 6, name: 'Team admin', permissions: ['teams.manage'] });
    expect(await db.roles.get('100')).toMatchObject({ name: 'Team admin' });
    db.close();
  });

  it('upgrades a version 7 database to version 8 keeping its layouts and queue, with an empty cards table', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v7');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(7).stores({ layouts: '_id', roles: '_id', outbox: 'id, row_id' });
    await old.table('layouts').add({ _id: 'l1', name: 'Default Layout', cards: ['c1'] });
    await old
      .table('outbox')
      .add({ id: 1, name: 'record.save.v1', args: {}, table: 'layouts', row_id: 'l1' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.layouts.get('l1')).toMatchObject({ cards: ['c1'] });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.cards.count()).toBe(0);
    await db.cards.put({ _id: 'c1', title: 'Leads this week', type: 'number' });
    expect(await db.cards.get('c1')).toMatchObject({ type: 'number' });
    db.close();
  });

  it('upgrades a version 8 database to version 9 keeping its cards and queue, with an empty knocks table', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v8');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(8).stores({ cards: '_id', activities: '_id, date', outbox: 'id, row_id' });
    await old.table('cards').add({ _id: 'c1', title: 'Leads this week', type: 'number' });
    await old.table('outbox').add({ id: 1, name: 'lead.edit.v1', args: {}, table: 'contacts', row_id: 'a' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.cards.get('c1')).toMatchObject({ type: 'number' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.knocks.count()).toBe(0);
    await db.knocks.bulkPut([
      { _id: 'k1', user_id: 'u1', knocked_at: '2026-03-01T10:00:00.000Z', classification: 'verified' },
      { _id: 'k2', user_id: 'u2', knocked_at: '2026-03-02T10:00:00.000Z', classification: 'far' },
    ]);
    const day = await db.knocks.where('knocked_at').between('2026-03-01', '2026-03-02').toArray();
    expect(day.map((k) => k._id)).toEqual(['k1']);
    expect(await db.knocks.where('user_id').equals('u2').count()).toBe(1);
    db.close();
  });

  it('upgrades a version 9 database to version 10 keeping its knocks and queue, with an empty automations table', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v9');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(9).stores({ knocks: '_id, user_id, knocked_at', outbox: 'id, row_id' });
    await old.table('knocks').add({ _id: 'k1', user_id: 'u1', knocked_at: '2026-03-01T10:00:00.000Z' });
    await old.table('outbox').add({ id: 1, name: 'lead.edit.v1', args: {}, table: 'contacts', row_id: 'a' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.knocks.get('k1')).toMatchObject({ user_id: 'u1' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.automations.count()).toBe(0);
    db.close();
  });

  it('upgrades a version 10 database to version 11 keeping its automations and queue, with an empty user_configs table', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v10');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(10).stores({ automations: '_id', outbox: 'id, row_id' });
    await old.table('automations').add({ _id: 'a1', name: 'Welcome' });
    await old.table('outbox').add({ id: 1, name: 'lead.edit.v1', args: {}, table: 'contacts', row_id: 'a' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.automations.get('a1')).toMatchObject({ name: 'Welcome' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.user_configs.count()).toBe(0);
    await db.user_configs.put({ _id: 'u1', map_layouts: [] });
    expect(await db.user_configs.get('u1')).toMatchObject({ map_layouts: [] });
    db.close();
  });

  it('upgrades a version 11 database to version 12 keeping its configuration and queue, with an empty turfs table read by region and rep', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v11');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(11).stores({ user_configs: '_id', outbox: 'id, row_id' });
    await old.table('user_configs').add({ _id: 'u1', map_layouts: [] });
    await old.table('outbox').add({ id: 1, name: 'lead.edit.v1', args: {}, table: 'contacts', row_id: 'a' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.user_configs.get('u1')).toMatchObject({ map_layouts: [] });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.turfs.count()).toBe(0);
    await db.turfs.bulkPut([
      { _id: 't1', region_id: 'r1', user_id: 'u1' },
      { _id: 't2', region_id: 'r2', user_id: 'u1' },
    ]);
    expect((await db.turfs.where('region_id').equals('r1').toArray()).map((t) => t._id)).toEqual(['t1']);
    expect(await db.turfs.where('user_id').equals('u1').count()).toBe(2);
    db.close();
  });

  it('upgrades a version 12 database to version 13 keeping its turfs and queue, with empty availability and distribution rules', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v12');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(12).stores({ turfs: '_id, region_id, user_id', outbox: 'id, row_id' });
    await old.table('turfs').add({ _id: 't1', region_id: 'r1', user_id: 'u1' });
    await old.table('outbox').add({ id: 1, name: 'lead.edit.v1', args: {}, table: 'contacts', row_id: 'a' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.turfs.get('t1')).toMatchObject({ region_id: 'r1' });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.availability.count()).toBe(0);
    expect(await db.distribution_rules.count()).toBe(0);
    await db.availability.put({ _id: 'u1', user_id: 'u1', appointment_minutes: 60 });
    await db.distribution_rules.put({ _id: 'team1', scope: 'team', kind: 'round_robin' });
    expect(await db.availability.get('u1')).toMatchObject({ appointment_minutes: 60 });
    expect(await db.distribution_rules.get('team1')).toMatchObject({ kind: 'round_robin' });
    db.close();
  });

  it.each([1, 2, 3, 4, 5, 6, 9, 12])(
    'a device made by the version %i app opens upgraded, with the stores and indexes of a new one',
    async (version) => {
      const indexedDB = new IDBFactory();
      const old = new Dexie('user-then', { indexedDB, IDBKeyRange });
      old.version(version).stores(schemaAt(version));
      await old.open();
      old.close();
      const upgraded = new CrmDatabase('user-then', { indexedDB, IDBKeyRange });
      await upgraded.open();
      upgraded.close();
      const fresh = new CrmDatabase('user-now', { indexedDB, IDBKeyRange });
      await fresh.open();
      fresh.close();
      expect(await storesOf(indexedDB, 'user-then')).toEqual(await storesOf(indexedDB, 'user-now'));
    },
  );

  it('tells a pin watcher of each commit that changed pins, as it commits, and of nothing else', async () => {
    const db = new CrmDatabase('pins-watched', { indexedDB: new IDBFactory(), IDBKeyRange });
    const other = new CrmDatabase('pins-not-watched', { indexedDB: new IDBFactory(), IDBKeyRange });
    const both = [db.contacts, db.pin_changes];
    await Promise.all([db.open(), other.open()]);
    let heard = 0;
    const stop = watchPinChanges(db.name, () => {
      heard += 1;
    });
    // Heard by the time the transaction's promise settles: no query has to run again first.
    await db.transaction('rw', both, () =>
      db.contacts.bulkPut([
        { _id: 'a', name: 'A', coordinates: [-112, 33.5] },
        { _id: 'b', name: 'B', coordinates: [-112.1, 33.6] },
      ]),
    );
    expect(heard).toBe(1);
    await db.transaction('rw', both, () => db.contacts.update('a', { deal_stage_status: 'Come Back' }));
    expect(heard).toBe(2);
    await db.transaction('rw', both, () => db.contacts.delete('b'));
    expect(heard).toBe(3);
    // Other tables, and the same tables of another database, are not pins of this one.
    await db.meta.put({ key: 'cursor', value: 7 });
    await other.transaction('rw', [other.contacts, other.pin_changes], () =>
      other.contacts.put({ _id: 'z' }),
    );
    expect(heard).toBe(3);
    stop();
    await db.transaction('rw', both, () => db.contacts.put({ _id: 'c', name: 'C' }));
    expect(heard).toBe(3);
    db.close();
    other.close();
  });

  it('tells a table watcher which of its tables each commit changed, and nothing of others', async () => {
    const db = new CrmDatabase('tables-watched', { indexedDB: new IDBFactory(), IDBKeyRange });
    const other = new CrmDatabase('tables-watched-2', { indexedDB: new IDBFactory(), IDBKeyRange });
    await Promise.all([db.open(), other.open()]);
    let ids = 0;
    const entry = (row_id: string) =>
      ({ id: ++ids, name: 'lead.edit.v1', args: {}, table: 'contacts', row_id }) as never;
    const heard: string[][] = [];
    const stop = watchTables(db.name, ['outbox', 'paths'], (changed) => heard.push([...changed].sort()));
    await db.outbox.add(entry('a'));
    await db.transaction('rw', [db.outbox, db.paths], async () => {
      await db.outbox.add(entry('b'));
      await db.paths.put({ id: 'p1', synced: 0 } as never);
    });
    await db.paths.delete('p1');
    expect(heard).toEqual([['outbox'], ['outbox', 'paths'], ['paths']]);
    // Another table, a table of another database whose name begins the same, or after it stopped.
    await db.meta.put({ key: 'cursor', value: 7 });
    await other.outbox.add(entry('z'));
    stop();
    await db.outbox.add(entry('c'));
    expect(heard).toHaveLength(3);
    db.close();
    other.close();
  });

  it('logs every contacts write into the pin index, in the same transaction', async () => {
    const db = new CrmDatabase('pins-mirror', { indexedDB: new IDBFactory(), IDBKeyRange });
    const both = [db.contacts, db.pin_changes];
    await db.transaction('rw', both, () =>
      db.contacts.bulkPut([
        { _id: 'a', name: 'A', coordinates: [-112, 33.5], deal_stage_status: 'Not Home 1' },
        { _id: 'b', name: 'B', coordinates: [-112.1, 33.6], deal_stage_status: '' },
        { _id: 'c', name: 'C', coordinates: [-112.2, 33.7], deal_stage_status: '' },
      ]),
    );
    // A bulk write is one record.
    expect(await db.pin_changes.count()).toBe(1);
    const first = Number(await db.pin_changes.toCollection().lastKey());
    await db.transaction('rw', both, () => db.contacts.update('a', { deal_stage_status: 'Come Back' }));
    const since = await db.pin_changes.where(':id').above(first).toArray();
    expect(since.map((c) => c.pins?.map((p) => [p._id, p.status]))).toEqual([[['a', 'Come Back']]]);
    await db.transaction('rw', both, () => db.contacts.delete('b'));
    expect((await db.pin_changes.toCollection().last())?.removed).toEqual(['b']);
    await db.transaction('rw', both, () => db.contacts.where('_id').between('c', 'd').delete());
    expect((await db.pin_changes.toCollection().last())?.removed).toEqual(['c']);
    const pins = await pinsOf(db);
    expect([...pins.keys()]).toEqual(['a']);
    expect(pins.get('a')).toMatchObject({ status: 'Come Back', lng: -112 });
    await db.transaction('rw', both, () => db.contacts.clear());
    expect((await pinsOf(db)).size).toBe(0);
    // A write that forgets the index fails whole instead of leaving it behind.
    await expect(db.transaction('rw', db.contacts, () => db.contacts.put({ _id: 'x' }))).rejects.toThrow(
      /without the pin_changes/,
    );
    expect(await db.contacts.get('x')).toBeUndefined();
    db.close();
  });

  it('keeps each user in a database of their own', () => {
    expect(databaseName('u1')).not.toBe(databaseName('u2'));
  });
});
