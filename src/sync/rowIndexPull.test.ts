import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { INDEXED_COLUMNS } from '../db/rowIndex.ts';
import { RowIndexReader } from '../db/rowIndexReader.ts';
import { plain } from '../db/testDatabase.ts';
import { applyPullPage, resetLocalRows, resettleRow } from './applyPull.ts';
import { editLead } from './commands/leads.ts';

type Row = Record<string, unknown>;
const columns = [...(INDEXED_COLUMNS.get('contacts') ?? [])];

async function projection(db: CrmDatabase): Promise<Row[]> {
  return ((await db.contacts.toArray()) as Row[])
    .filter((r) => !r.deleted_at)
    .map((r) =>
      Object.fromEntries(
        Object.entries(r).filter(([k, v]) => (k === '_id' || columns.includes(k)) && v !== undefined),
      ),
    );
}

const lead = (id: string, name: string, version: number) => ({
  _id: id,
  name,
  version,
  deal_stage: 'Contact',
  deal_stage_status: 'Not Home 1',
  field_versions: { name: version },
});

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const page = (rows: Row[], cursor: number, hasMore = false) => ({
  changes: rows.map((row) => ({ table: 'contacts' as const, row: row as never })),
  cursor,
  last_mutation_id: 0,
  has_more: hasMore,
});

describe('the row index through sync', () => {
  it('follows pull pages, rebased pending edits, tombstones, re-settled rows and a full reset', async () => {
    const db = new CrmDatabase('row-index-pull', { indexedDB: new IDBFactory(), IDBKeyRange });
    const reader = new RowIndexReader(db, 'contacts');
    const byId = (rows: Row[]) => [...rows].sort((a, b) => (String(a._id) < String(b._id) ? -1 : 1));
    const check = async () => {
      const expected = await projection(db);
      expect(byId(plain(await new RowIndexReader(db, 'contacts').rows(columns)))).toEqual(expected);
      expect(byId(plain(await reader.rows(columns)))).toEqual(expected);
    };
    // A first sync in two pages: one bulk write each.
    await applyPullPage(db, page([lead(A, 'Ann', 1), lead(B, 'Bob', 2)], 2, true));
    await applyPullPage(db, page([lead(C, 'Cy', 3)], 3));
    await check();
    const writes = await db.row_writes.count();

    // A local edit shows in the index at once, marked pending.
    await editLead(db, A, { name: 'Ann Local' });
    await check();
    expect(plain(await reader.rows(columns)).find((r) => r._id === A)).toMatchObject({
      name: 'Ann Local',
      pending: true,
    });
    expect(await db.row_writes.count()).toBe(writes + 1);

    // The server changes another field of it: the pull rebases the pending edit on top.
    await applyPullPage(
      db,
      page(
        [
          { ...lead(A, 'Ann', 4), city: 'Mesa' },
          { _id: B, version: 5, deleted_at: '2026-01-02T00:00:00Z' },
        ],
        5,
      ),
    );
    await check();
    expect((await reader.rows(columns)).map((r) => r._id)).toEqual([A, C]);

    // The edit is dropped (rejected): the row goes back to the server copy.
    await db.transaction(
      'rw',
      [db.outbox, db.contacts, db.base, db.meta, db.pin_changes, db.interfaces],
      async () => {
        await db.outbox.clear();
        await resettleRow(db, 'contacts', A);
      },
    );
    await check();
    expect(plain(await reader.rows(columns)).find((r) => r._id === A)).toMatchObject({
      name: 'Ann',
      city: 'Mesa',
    });

    // The server asks for a full re-sync: every server row leaves, and the index with them.
    await resetLocalRows(db);
    await check();
    expect(await reader.rows(columns)).toEqual([]);
    db.close();
  });
});
