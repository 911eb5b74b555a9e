import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { PIN_COMPACTED_THROUGH } from '../pinIndex.ts';
import { PIN_SNAPSHOT } from '../pinIndexStore.ts';
import { DashboardCardReader, dashboardChangeKey, POSITIONS_SNAPSHOT } from './dashboardCards.ts';

let n = 0;
const freshDb = () => new CrmDatabase(`dashboard-cards-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });

/** Contacts are written with their pin index, as every write path does. */
const putContacts = (db: CrmDatabase, rows: Record<string, unknown>[]) =>
  db.transaction('rw', [db.contacts, db.pin_changes], () => db.contacts.bulkPut(rows as never[]));
const deleteContact = (db: CrmDatabase, id: string) =>
  db.transaction('rw', [db.contacts, db.pin_changes], () => db.contacts.delete(id));

const contact = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  name: `Lead ${id}`,
  owner_id: 'u1',
  deal_stage: 'Lead',
  contract_amount: 100,
  ...extra,
});

describe('the dashboard cards read', () => {
  it("reads a table's rows with the columns asked for, and then what was written since", async () => {
    const db = freshDb();
    await putContacts(db, [contact('a'), contact('b', { owner_id: 'u2' })]);
    const reader = new DashboardCardReader(db);
    const first = await reader.rows('contacts', ['owner_id', 'contract_amount']);
    expect(first.map((r) => [r._id, r.owner_id, r.contract_amount])).toEqual([
      ['a', 'u1', 100],
      ['b', 'u2', 100],
    ]);
    await putContacts(db, [contact('c', { contract_amount: 7 })]);
    await deleteContact(db, 'a');
    const next = await reader.rows('contacts', ['owner_id', 'contract_amount']);
    expect(next.map((r) => [r._id, r.contract_amount])).toEqual([
      ['b', 100],
      ['c', 7],
    ]);
    // A column not read before is read as well.
    const more = await reader.rows('contacts', ['deal_stage']);
    expect(more.map((r) => r.deal_stage)).toEqual(['Lead', 'Lead']);
    db.close();
  });

  it("reads users', teams' and regions' names, and the org's deal stages", async () => {
    const db = freshDb();
    await db.users.bulkPut([{ _id: 'u1', name: 'Uma' }]);
    await db.teams.bulkPut([{ _id: 't1', name: 'North' }]);
    const reader = new DashboardCardReader(db);
    const names = await reader.names();
    expect(names.users.get('u1')).toBe('Uma');
    expect(names.teams.get('t1')).toBe('North');
    expect(names.regions.size).toBe(0);
    expect((await reader.stages()).length).toBeGreaterThan(0);
    db.close();
  });

  it("reads a saved view's properties, not those of a deleted view or another table's", async () => {
    const db = freshDb();
    const properties = {
      query: {
        filters: [{ field: 'deal_stage', op: 'any_of', value: ['Lead'] }],
        match: 'all',
        sort: [],
        search: '',
      },
      columns: ['name'],
      widths: {},
    };
    await db.table_views.bulkPut([
      { _id: 'v1', table_name: 'contacts', name: 'Leads', properties },
      { _id: 'v2', table_name: 'contacts', name: 'Gone', properties, deleted_at: '2026-01-01T00:00:00Z' },
      { _id: 'v3', table_name: 'teams', name: 'Teams', properties: {} },
    ]);
    const reader = new DashboardCardReader(db);
    expect((await reader.view('contacts', 'v1'))?.query.filters).toEqual(properties.query.filters);
    expect(await reader.view('contacts', 'v2')).toBeUndefined();
    expect(await reader.view('contacts', 'v3')).toBeUndefined();
    expect(await reader.view('contacts', 'missing')).toBeUndefined();
    db.close();
  });

  it("follows the contacts' positions through the pin index: its snapshot, then changes and removals", async () => {
    const db = freshDb();
    await putContacts(db, [
      contact('a', { coordinates: [-97.1, 32.7] }),
      contact('b', { address_obj: { position: { lat: 33, lng: -96 } } }),
      contact('c'),
    ]);
    const reader = new DashboardCardReader(db);
    const positions = await reader.contactPositions();
    expect([...positions]).toEqual([
      ['a', [-97.1, 32.7]],
      ['b', [-96, 33]],
    ]);
    await putContacts(db, [contact('c', { coordinates: [-95, 30] })]);
    await deleteContact(db, 'a');
    expect([...(await reader.contactPositions())].sort()).toEqual([
      ['b', [-96, 33]],
      ['c', [-95, 30]],
    ]);

    // The map's worker saved a snapshot and dropped the change rows it holds.
    const seq = (await db.pin_changes.toCollection().last())?.seq as number;
    await db.transaction('rw', [db.meta, db.pin_changes], async () => {
      await db.meta.put({
        key: PIN_SNAPSHOT,
        value: { seq, ids: ['b', 'c', 'z'], lng: [-96, -95, Number.NaN], lat: [33, 30, Number.NaN] },
      });
      await db.pin_changes.where(':id').belowOrEqual(seq).delete();
      await db.meta.put({ key: PIN_COMPACTED_THROUGH, value: seq });
    });
    await putContacts(db, [contact('d', { coordinates: [-90, 40] })]);
    const fresh = new DashboardCardReader(db);
    expect([...(await fresh.contactPositions())].sort()).toEqual([
      ['b', [-96, 33]],
      ['c', [-95, 30]],
      ['d', [-90, 40]],
    ]);
    // The first reader had read up to the snapshot: it reads only the new change.
    expect([...(await reader.contactPositions())].map(([id]) => id).sort()).toEqual(['b', 'c', 'd']);
    db.close();
  });

  it('saves the positions it read from many change rows, and a later reader starts from them', async () => {
    const db = freshDb();
    const many = Array.from({ length: 2500 }, (_, i) =>
      contact(`p${i}`, { coordinates: [-100 + i / 1000, 30] }),
    );
    await putContacts(db, many);
    const reader = new DashboardCardReader(db);
    expect((await reader.contactPositions()).size).toBe(2500);
    let saved: { seq: number; ids: string[] } | undefined;
    for (let i = 0; i < 40 && !saved; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      saved = (await db.meta.get(POSITIONS_SNAPSHOT))?.value as typeof saved;
    }
    expect(saved?.ids).toHaveLength(2500);
    await putContacts(db, [contact('p1', { coordinates: [-1, 1] })]);
    await deleteContact(db, 'p2');
    const later = new DashboardCardReader(db);
    const read = vi.spyOn(db.pin_changes, 'where');
    const positions = await later.contactPositions();
    expect(positions.size).toBe(2499);
    expect(positions.get('p1')).toEqual([-1, 1]);
    expect(positions.get('p0')).toEqual([-100, 30]);
    // Only the rows after the saved positions were read.
    expect(read).toHaveBeenCalledTimes(1);
    expect(
      await db.pin_changes
        .where(':id')
        .above(saved?.seq ?? 0)
        .count(),
    ).toBe(2);
    db.close();
  });
});

describe('what tells the dashboard to compute again', () => {
  it("changes with a write to a card's table, to names, to a view or to the stages, not to other tables", async () => {
    const db = freshDb();
    await putContacts(db, [contact('a')]);
    await db.table_views.put({
      _id: 'v1',
      table_name: 'contacts',
      name: 'V',
      properties: { columns: ['name'] },
    });
    const key = () => dashboardChangeKey(db, ['contacts'], ['v1']);
    const keys = [await key()];
    await db.products.put({ _id: 'p1', name: 'Panel' });
    expect(await key()).toBe(keys[0]);
    await putContacts(db, [contact('b')]);
    keys.push(await key());
    await db.users.put({ _id: 'u9', name: 'New' });
    keys.push(await key());
    await db.table_views.update('v1', { properties: { columns: ['name', 'phone'] } });
    keys.push(await key());
    await db.interfaces.put({ _id: 'i1', key: 'deal_stage', data: [], version: 2 });
    keys.push(await key());
    expect(new Set(keys).size).toBe(keys.length);
    expect(await dashboardChangeKey(db, [], [])).toContain('users:');
    db.close();
  });
});
