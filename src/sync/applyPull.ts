/**
 * Applying what the server sends. Invariants: a page is applied in ONE Dexie transaction that
 * stores the server rows, rebases this device's still-pending mutations on them, and saves the
 * cursor last — a crash before the commit loses nothing and a re-pull is harmless. Acknowledged
 * mutations leave the outbox only with the page that completes the pull, so the screen never
 * flickers back to an old value.
 */

import { type CrmDatabase, ENTITY_TABLES, type EntityRow, type OutboxEntry } from '../db/database.ts';
import { META, setMeta } from '../db/meta.ts';
import { dealStages as localDealStages } from '../db/queries/dealStages.ts';
import type { PullChange } from '../domain/schemas/sync.ts';
import type { SyncTable } from '../domain/syncProtocol.ts';
import { rebase } from './pendingPatch.ts';

export interface PullPage {
  changes: PullChange[];
  cursor: number;
  last_mutation_id: number;
  has_more: boolean;
  /** Set on a page of a full sync: the tombstone horizon it runs under, saved with the cursor. */
  horizon?: number;
}

const key = (table: SyncTable, id: string) => `${table}\u0000${id}`;

export function syncTables(db: CrmDatabase) {
  return [...ENTITY_TABLES.map((t) => db.entity(t)), db.base, db.outbox, db.meta, db.pin_changes];
}

/**
 * Recomputes one view row: the server copy (given, or the stored base) with the row's pending
 * mutations on top. Without pending mutations the base is no longer needed.
 */
async function settleRow(
  db: CrmDatabase,
  table: SyncTable,
  id: string,
  server: EntityRow | undefined,
  pending: OutboxEntry[],
) {
  const rows = db.entity(table);
  const base = server ?? (await db.base.get([table, id]))?.row;
  if (pending.length) {
    if (base) await db.base.put({ table, _id: id, row: base });
    const view = rebase(base, pending, await localDealStages(db));
    if (view) await rows.put(view);
    else await rows.delete(id);
    return;
  }
  await db.base.delete([table, id]);
  // No server copy and nothing pending: the row is gone (a tombstone, or out of the user's reach).
  if (base && !base.deleted_at) await rows.put(base);
  else await rows.delete(id);
}

export async function applyPullPage(db: CrmDatabase, page: PullPage): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    const outbox = await db.outbox.orderBy('id').toArray();
    // Mutations the server has applied leave the queue with the final page of the pull.
    const done = page.has_more ? [] : outbox.filter((e) => e.id <= page.last_mutation_id);
    const doneIds = new Set(done.map((e) => e.id));
    const remaining = outbox.filter((e) => !doneIds.has(e.id));
    const pendingKeys = new Set(remaining.map((e) => key(e.table, e.row_id)));
    const pendingFor = (table: SyncTable, id: string) =>
      remaining.filter((e) => e.table === table && e.row_id === id);
    const hasBases = (await db.base.count()) > 0;

    // Rows without pending mutations (nearly all of a first sync) are written in bulk per table.
    const puts = new Map<SyncTable, EntityRow[]>();
    const deletes = new Map<SyncTable, string[]>();
    const settleOneByOne = new Map<string, { table: SyncTable; id: string; server?: EntityRow }>();
    for (const change of page.changes) {
      const k = key(change.table, change.row._id);
      if (pendingKeys.has(k) || (hasBases && done.some((e) => key(e.table, e.row_id) === k))) {
        settleOneByOne.set(k, { table: change.table, id: change.row._id, server: change.row });
      } else if (change.row.deleted_at) {
        deletes.set(change.table, [...(deletes.get(change.table) ?? []), change.row._id]);
      } else {
        const list = puts.get(change.table) ?? [];
        list.push(change.row);
        puts.set(change.table, list);
      }
    }
    for (const entry of done) {
      const k = key(entry.table, entry.row_id);
      if (
        !settleOneByOne.has(k) &&
        !page.changes.some((c) => c.table === entry.table && c.row._id === entry.row_id)
      ) {
        settleOneByOne.set(k, { table: entry.table, id: entry.row_id });
      }
    }
    if (done.length) await db.outbox.bulkDelete([...doneIds]);
    for (const [table, rows] of puts) {
      await db.entity(table).bulkPut(rows);
      if (hasBases) await db.base.bulkDelete(rows.map((r) => [table, r._id] as [string, string]));
    }
    for (const [table, ids] of deletes) {
      await db.entity(table).bulkDelete(ids);
      if (hasBases) await db.base.bulkDelete(ids.map((id) => [table, id] as [string, string]));
    }
    for (const { table, id, server } of settleOneByOne.values()) {
      await settleRow(db, table, id, server, pendingFor(table, id));
    }
    await setMeta(db, META.cursor, page.cursor);
    if (page.horizon !== undefined) await setMeta(db, META.horizon, page.horizon);
    if (!page.has_more) await setMeta(db, META.lastSyncedAt, new Date().toISOString());
  });
}

/** The server said the device must re-sync in full: drop server rows, keep the queue. */
export async function resetLocalRows(db: CrmDatabase): Promise<void> {
  await db.transaction('rw', syncTables(db), async () => {
    for (const table of ENTITY_TABLES) {
      // Rows created on this device and not yet pushed stay.
      const pendingIds = new Set(
        (await db.outbox.toArray()).filter((e) => e.table === table).map((e) => e.row_id),
      );
      const rows = db.entity(table);
      const all = await rows.toCollection().primaryKeys();
      await rows.bulkDelete(all.filter((id) => !pendingIds.has(id)));
    }
    await db.base.clear();
    await setMeta(db, META.cursor, 0);
  });
}

/** Rebuilds a row after a mutation left the queue without reaching the server (rejected, discarded). */
export async function resettleRow(db: CrmDatabase, table: SyncTable, id: string): Promise<void> {
  const pending = (await db.outbox.where('row_id').equals(id).toArray()).filter((e) => e.table === table);
  await settleRow(db, table, id, undefined, pending);
}
