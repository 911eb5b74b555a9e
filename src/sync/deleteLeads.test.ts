import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import type { PinRow } from '../db/pinIndex.ts';
import { RowIndexReader } from '../db/rowIndexReader.ts';
import { applyPullPage } from './applyPull.ts';
import { addLead, deleteLeads, restoreLeads } from './commands/leads.ts';

const A = '00000000-0000-4000-8000-0000000000a1';
const B = '00000000-0000-4000-8000-0000000000b2';

const freshDb = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });

const serverLead = (id: string, name: string, version: number, extra: Record<string, unknown> = {}) => ({
  _id: id,
  name,
  version,
  address: `${version} Main St, Mesa, AZ`,
  coordinates: [-111.8, 33.4],
  deal_stage: 'Contact',
  deal_stage_status: 'Not Home 1',
  field_versions: {},
  deleted_at: null,
  ...extra,
});

const page = (rows: Record<string, unknown>[], cursor: number, lastMutationId = 0) => ({
  changes: rows.map((row) => ({ table: 'contacts' as const, row: row as never })),
  cursor,
  last_mutation_id: lastMutationId,
  has_more: false,
});

/** The pins as the map's reader sees them: every change replayed in order. */
async function pinIds(db: CrmDatabase): Promise<string[]> {
  const pins = new Map<string, PinRow>();
  for (const change of await db.pin_changes.toArray()) {
    for (const pin of change.pins ?? []) pins.set(pin._id, pin);
    for (const id of change.removed ?? []) pins.delete(id);
  }
  return [...pins.keys()].sort();
}

async function tableIds(db: CrmDatabase): Promise<string[]> {
  return (await new RowIndexReader(db, 'contacts').rows(['name'])).map((row) => String(row._id)).sort();
}

describe('deleting leads on the device, and taking it back', () => {
  it('takes deleted leads off the table rows and the map pins at once, and Undo brings them back', async () => {
    const db = freshDb('delete-leads');
    await applyPullPage(db, page([serverLead(A, 'Ann', 1), serverLead(B, 'Bob', 2)], 2));
    expect(await pinIds(db)).toEqual([A, B]);

    expect(await deleteLeads(db, [A, A, 'not-here'])).toEqual([A]);
    expect(await db.contacts.get(A)).toBeUndefined();
    expect(await tableIds(db)).toEqual([B]);
    expect(await pinIds(db)).toEqual([B]);
    const queued = await db.outbox.orderBy('id').toArray();
    expect(queued.map((e) => e.args)).toEqual([{ _id: A, deleted: true }]);

    await restoreLeads(db, [A]);
    expect(await db.contacts.get(A)).toMatchObject({ name: 'Ann', pending: true });
    expect(await tableIds(db)).toEqual([A, B]);
    expect(await pinIds(db)).toEqual([A, B]);
    expect((await db.outbox.orderBy('id').toArray()).map((e) => e.args.deleted)).toEqual([true, false]);
    db.close();
  });

  it('keeps an undone lead shown when the server’s deleted copy arrives before the undo reached it', async () => {
    const db = freshDb('delete-leads-tombstone');
    await applyPullPage(db, page([serverLead(A, 'Ann', 1)], 1));
    await deleteLeads(db, [A]);
    await restoreLeads(db, [A]);
    // The server applied the delete (mutation 1), not yet the undo.
    await applyPullPage(db, page([serverLead(A, 'Ann', 2, { deleted_at: '2026-03-10T12:00:00Z' })], 2, 1));
    expect(await db.contacts.get(A)).toMatchObject({ name: 'Ann', deleted_at: null, pending: true });
    // Then the undo: the server's live copy replaces the pending one.
    await applyPullPage(db, page([serverLead(A, 'Ann', 3)], 3, 2));
    expect(await db.contacts.get(A)).toMatchObject({ name: 'Ann', version: 3 });
    expect(await db.outbox.count()).toBe(0);
    expect(await pinIds(db)).toEqual([A]);
    db.close();
  });

  it('stays deleted when the server’s deleted copy arrives and nothing was undone', async () => {
    const db = freshDb('delete-leads-done');
    await applyPullPage(db, page([serverLead(A, 'Ann', 1)], 1));
    await deleteLeads(db, [A]);
    await applyPullPage(db, page([serverLead(A, 'Ann', 2, { deleted_at: '2026-03-10T12:00:00Z' })], 2, 1));
    expect(await db.contacts.get(A)).toBeUndefined();
    expect(await pinIds(db)).toEqual([]);
    db.close();
  });

  it('deletes and brings back a lead added on this device and not yet sent', async () => {
    const db = freshDb('delete-leads-new');
    const id = await addLead(db, { name: 'Fresh Lead', coordinates: [-111.8, 33.4] });
    await deleteLeads(db, [id]);
    expect(await db.contacts.get(id)).toBeUndefined();
    await restoreLeads(db, [id]);
    expect(await db.contacts.get(id)).toMatchObject({ name: 'Fresh Lead', pending: true });
    db.close();
  });
});
