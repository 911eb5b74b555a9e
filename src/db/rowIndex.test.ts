import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CrmDatabase, databaseName } from './database.ts';
import { INDEXED_COLUMNS } from './rowIndex.ts';
import { compactTable } from './rowIndexCompaction.ts';
import { COMPACT_AFTER, compactRowIndex, RowIndexReader } from './rowIndexReader.ts';
import { plain } from './testDatabase.ts';

type Row = Record<string, unknown>;

const open = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
const columnsOf = (table: string) => [...(INDEXED_COLUMNS.get(table) ?? [])];

const byId = (rows: Row[]) => [...rows].sort((a, b) => (String(a._id) < String(b._id) ? -1 : 1));

/** What the index should say: the live rows of the table, only their indexed columns, in id order. */
async function projection(db: CrmDatabase, table: string): Promise<Row[]> {
  const columns = columnsOf(table);
  const rows = (await db.table(table).toArray()) as Row[];
  return rows
    .filter((r) => !r.deleted_at)
    .map((r) => {
      const out: Row = { _id: r._id };
      for (const c of columns) if (r[c] !== undefined) out[c] = r[c];
      return out;
    });
}

/** The index as a reader that starts now folds it (rows in the order first written). */
const written = async (db: CrmDatabase, table: string) =>
  plain(await new RowIndexReader(db, table).rows(columnsOf(table)));
/** The same in id order, to hold against the table. */
const indexed = async (db: CrmDatabase, table: string) => byId(await written(db, table));

/** Contacts are written with the pin index in scope, as every write path does. */
const writeContacts = (db: CrmDatabase, fn: () => Promise<unknown>) =>
  db.transaction('rw', [db.contacts, db.pin_changes], fn);

describe('the row index', () => {
  it('keeps only the listed columns of live rows, in the order first written', async () => {
    const db = open('row-index-columns');
    await writeContacts(db, () =>
      db.contacts.bulkPut([
        { _id: 'b', name: 'B', address_obj: { street: 'x' }, bill: 120 },
        { _id: 'a', name: 'A', owner_id: 'u1', pending: true },
        { _id: 'c', name: 'Gone', deleted_at: '2026-01-01T00:00:00Z' },
      ]),
    );
    // One bulk write is one write record and one record per column, whatever its size.
    expect(await db.row_writes.count()).toBe(1);
    expect(await db.row_columns.count()).toBe(columnsOf('contacts').length);
    expect(await written(db, 'contacts')).toEqual([
      { _id: 'b', name: 'B', bill: 120 },
      { _id: 'a', name: 'A', owner_id: 'u1', pending: true },
    ]);
    // A row changed later keeps its place; a new one comes last.
    await writeContacts(db, () =>
      db.contacts.bulkPut([
        { _id: '0', name: 'New' },
        { _id: 'b', name: 'B2' },
      ]),
    );
    expect((await written(db, 'contacts')).map((r) => r._id)).toEqual(['b', 'a', '0']);
    db.close();
  });

  it('follows puts, updates, deletes, range deletes and clears', async () => {
    const db = open('row-index-steps');
    await writeContacts(db, () =>
      db.contacts.bulkPut([
        { _id: 'a', name: 'A' },
        { _id: 'b', name: 'B' },
        { _id: 'c', name: 'C' },
        { _id: 'd', name: 'D' },
      ]),
    );
    await writeContacts(db, () => db.contacts.update('a', { name: 'A2', deal_stage_status: 'Sold' }));
    await writeContacts(db, () => db.contacts.delete('b'));
    await writeContacts(db, () => db.contacts.where('_id').between('c', 'd').delete());
    expect(await indexed(db, 'contacts')).toEqual(await projection(db, 'contacts'));
    expect((await indexed(db, 'contacts')).map((r) => r._id)).toEqual(['a', 'd']);
    await writeContacts(db, () => db.contacts.clear());
    expect(await indexed(db, 'contacts')).toEqual([]);
    db.close();
  });

  it('leaves out rows an add failed to write', async () => {
    const db = open('row-index-failed-add');
    await db.users.put({ _id: 'u1', name: 'Kept' });
    await expect(
      db.users.bulkAdd([
        { _id: 'u1', name: 'Refused' },
        { _id: 'u2', name: 'New' },
      ]),
    ).rejects.toThrow();
    expect(await indexed(db, 'users')).toEqual(await projection(db, 'users'));
    expect((await indexed(db, 'users')).map((r) => r.name)).toEqual(['Kept', 'New']);
    db.close();
  });

  it('is written by transactions that do not name it, and fails whole with the write', async () => {
    const db = open('row-index-scope');
    // A transaction on users alone still keeps its index (the middleware widens it).
    await db.transaction('rw', db.users, () => db.users.put({ _id: 'u1', name: 'Ann' }));
    expect(await indexed(db, 'users')).toEqual([{ _id: 'u1', name: 'Ann' }]);
    // A write that fails takes its index records with it.
    await expect(
      db.transaction('rw', db.users, async () => {
        await db.users.put({ _id: 'u2', name: 'Bo' });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await indexed(db, 'users')).toEqual([{ _id: 'u1', name: 'Ann' }]);
    db.close();
  });

  it('reads only what was written since, keeping unchanged rows as they were', async () => {
    const db = open('row-index-incremental');
    await db.users.bulkPut(Array.from({ length: 50 }, (_, i) => ({ _id: `u${i + 10}`, name: `User ${i}` })));
    const reader = new RowIndexReader(db, 'users');
    const before = await reader.rows(['name']);
    expect(await reader.rows(['name'])).toBe(before);
    await db.users.update('u20', { name: 'Renamed' });
    const after = await reader.rows(['name']);
    expect(after).not.toBe(before);
    expect(after.find((r) => r._id === 'u20')?.name).toBe('Renamed');
    // Every other row is the very object it was: nothing else was read or rebuilt.
    const same = after.filter((r, i) => r === before[i]).length;
    expect(same).toBe(49);
    // A column the view did not need before is read when it is asked for.
    await db.users.update('u11', { email: 'b@x.io' });
    expect((await reader.rows(['name', 'email'])).find((r) => r._id === 'u11')?.email).toBe('b@x.io');
    db.close();
  });

  it('compacts a table into one snapshot that reads the same, also for a reader that was behind', async () => {
    const db = open('row-index-compact');
    const reader = new RowIndexReader(db, 'teams');
    for (let i = 0; i < 6; i++) await db.teams.put({ _id: `t${i % 4}`, name: `Team ${i}` });
    const behind = await reader.rows(['name']);
    await db.teams.delete('t1');
    await db.teams.put({ _id: 't9', name: 'Late' });
    await compactRowIndex(db, 'teams');
    expect(await db.row_writes.where('[table+w]').between(['teams', 0], ['teams', Infinity]).count()).toBe(1);
    expect(await indexed(db, 'teams')).toEqual(await projection(db, 'teams'));
    expect(behind.map((r) => r._id)).toContain('t1');
    expect(byId(plain(await reader.rows(['name'])))).toEqual(
      await projection(db, 'teams').then((rows) => rows.map(({ _id, name }) => ({ _id, name }))),
    );
    db.close();
  });

  it('compacts by itself once enough writes have piled up', async () => {
    const db = open('row-index-auto-compact');
    for (let i = 0; i < COMPACT_AFTER; i++) await db.products.put({ _id: `p${i % 3}`, name: `P ${i}` });
    await new RowIndexReader(db, 'products').rows(['name']);
    await expect.poll(() => db.row_writes.count(), { timeout: 15_000 }).toBe(1);
    expect(await indexed(db, 'products')).toEqual(await projection(db, 'products'));
    db.close();
  }, 20_000);

  it('compacts once a fold had to map every id, as after a first sync of several pages', async () => {
    const db = open('row-index-mapped-compact');
    const page = (n: number) =>
      Array.from({ length: 100 }, (_, i) => ({ _id: `u${n}-${i}`, name: `User ${n}.${i}` }));
    for (const n of [1, 2, 3]) await db.users.bulkPut(page(n));
    expect(await written(db, 'users')).toHaveLength(300);
    await expect
      .poll(() => db.row_writes.where('[table+w]').between(['users', 0], ['users', Infinity]).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await written(db, 'users')).toEqual(plain([...page(1), ...page(2), ...page(3)]));
    db.close();
  }, 20_000);

  it('compacts the same from a connection that opens the database by name, without its schema (a worker)', async () => {
    const indexedDB = new IDBFactory();
    const db = new CrmDatabase('row-index-by-name', { indexedDB, IDBKeyRange });
    for (const n of [1, 2]) {
      await db.users.bulkPut(
        Array.from({ length: 3 }, (_, i) => ({ _id: `u${n}${i}`, name: `User ${n}.${i}` })),
      );
    }
    await db.users.delete('u11');
    const before = await written(db, 'users');
    const bare = new Dexie('row-index-by-name', { indexedDB, IDBKeyRange });
    await bare.open();
    await compactTable(bare, 'users', columnsOf('users'));
    bare.close();
    expect(await db.row_writes.where('[table+w]').between(['users', 0], ['users', Infinity]).count()).toBe(1);
    expect(await written(db, 'users')).toEqual(before);
    db.close();
  });

  it('always equals a projection of the table, whatever the writes (property)', async () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    const row = fc.record(
      {
        _id: id,
        name: fc.string({ maxLength: 4 }),
        bill: fc.oneof(fc.integer(), fc.constant(null)),
        energy_consultants: fc.array(fc.constantFrom('u1', 'u2'), { maxLength: 2 }),
        pending: fc.boolean(),
        address_obj: fc.constant({ street: 'not indexed' }),
        deleted_at: fc.constantFrom(undefined, undefined, undefined, '2026-01-01T00:00:00Z'),
      },
      { requiredKeys: ['_id', 'name'] },
    );
    const op = fc.oneof(
      fc.record({ kind: fc.constant('put' as const), rows: fc.array(row, { minLength: 1, maxLength: 4 }) }),
      fc.record({ kind: fc.constant('update' as const), id, name: fc.string({ maxLength: 3 }) }),
      fc.record({ kind: fc.constant('delete' as const), ids: fc.array(id, { maxLength: 3 }) }),
      fc.record({ kind: fc.constant('range' as const), from: id, to: id }),
      fc.constant({ kind: 'clear' as const }),
      fc.constant({ kind: 'compact' as const }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const db = open(`row-index-property-${run++}`);
        const follower = new RowIndexReader(db, 'contacts');
        await follower.rows(['name']);
        for (const o of ops) {
          if (o.kind === 'compact') await compactRowIndex(db, 'contacts');
          else
            await writeContacts(db, async () => {
              if (o.kind === 'put') await db.contacts.bulkPut(o.rows as Row[] as never[]);
              else if (o.kind === 'update') await db.contacts.update(o.id, { name: o.name });
              else if (o.kind === 'delete') await db.contacts.bulkDelete(o.ids);
              else if (o.kind === 'range')
                await db.contacts
                  .where('_id')
                  .between(o.from < o.to ? o.from : o.to, o.from < o.to ? o.to : o.from, true, true)
                  .delete();
              else await db.contacts.clear();
            });
          // A reader that followed every write and one that starts now both see the table.
          const expected = await projection(db, 'contacts');
          expect(await indexed(db, 'contacts')).toEqual(expected);
          expect(byId(plain(await follower.rows(['name'])))).toEqual(
            expected.map(({ _id, name }) => ({ _id, name })),
          );
        }
        db.close();
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('row index schema version', () => {
  it('upgrades a version 4 database to version 5, building the index from the stored rows', async () => {
    const indexedDB = new IDBFactory();
    const name = databaseName('user-v4');
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(4).stores({
      contacts: '_id',
      users: '_id, email',
      teams: '_id',
      notes: '_id, lead_id',
      pin_changes: '++seq',
      meta: 'key',
    });
    await old.table('contacts').bulkAdd([
      { _id: 'c2', name: 'Second', deal_stage_status: 'Sold', address_obj: { city: 'Mesa' } },
      { _id: 'c1', name: 'First', owner_id: 'u1' },
      { _id: 'c3', name: 'Tombstone', deleted_at: '2026-01-01T00:00:00Z' },
    ]);
    await old.table('users').add({ _id: 'u1', name: 'Ann', email: 'ann@x.io' });
    old.close();

    const db = new CrmDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    // Opened at the newest version; the row index was built by the step to version 5.
    expect(db.verno).toBe(13);
    expect(await indexed(db, 'contacts')).toEqual([
      { _id: 'c1', name: 'First', owner_id: 'u1' },
      { _id: 'c2', name: 'Second', deal_stage_status: 'Sold' },
    ]);
    expect(await indexed(db, 'users')).toEqual([{ _id: 'u1', name: 'Ann', email: 'ann@x.io' }]);
    expect(await indexed(db, 'teams')).toEqual([]);
    // Built as one snapshot per table that has rows.
    expect((await db.row_writes.toArray()).map((w) => [w.table, w.snapshot])).toEqual([
      ['contacts', 1],
      ['users', 1],
    ]);
    // And kept from then on.
    await writeContacts(db, () => db.contacts.update('c1', { name: 'First!' }));
    expect(await indexed(db, 'contacts')).toEqual(await projection(db, 'contacts'));
    db.close();
  });
});
