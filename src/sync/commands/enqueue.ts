/**
 * Local writes. Invariant: one Dexie transaction applies the change to the view row, keeps the
 * server copy as base on the first local edit of the row, and appends the numbered mutation — so a
 * change is never shown without being queued, nor queued without being shown. The sync engine
 * notices the new outbox entry by itself (engine.ts); no caller announces its writes.
 */
import type { CrmDatabase, EntityRow, OutboxEntry } from '#src/db/database.ts';
import { getMeta, META, setMeta } from '#src/db/meta.ts';
import { dealStages as localDealStages } from '#src/db/queries/dealStages.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { MutationName, SyncTable } from '#src/domain/syncProtocol.ts';
import { applyPending } from '../pendingPatch.ts';

export class InvalidChangeError extends Error {}

/** Everything a local write reads, fetched in one IndexedDB round trip. */
interface WriteReads {
  nextId: number;
  current: EntityRow | undefined;
  base: { row: EntityRow } | undefined;
  stages: DealStage[];
}

export async function readForWrite(db: CrmDatabase, table: SyncTable, rowId: string): Promise<WriteReads> {
  const [nextId, current, base, stages] = await Promise.all([
    getMeta(db, META.nextMutationId, 1),
    db.entity(table).get(rowId),
    db.base.get([table, rowId]),
    localDealStages(db),
  ]);
  return { nextId, current, base, stages };
}

/**
 * Appends a mutation and applies it to the view row, all in the caller's transaction. Reads go
 * out together and so do writes: a local edit costs two IndexedDB round trips, not eight.
 */
export async function enqueue(
  db: CrmDatabase,
  table: SyncTable,
  rowId: string,
  name: MutationName,
  args: Record<string, unknown>,
  reads?: WriteReads,
  author?: string,
) {
  const rows = db.entity(table);
  const { nextId: id, current, base: existingBase, stages } = reads ?? (await readForWrite(db, table, rowId));
  const entry: OutboxEntry = {
    id,
    name,
    args,
    table,
    row_id: rowId,
    created_at: new Date().toISOString(),
    acked: 0,
    ...(author ? { author } : {}),
  };
  const next = applyPending(current, entry, stages);
  await Promise.all([
    setMeta(db, META.nextMutationId, id + 1),
    db.outbox.add(entry),
    // The first local edit of a server row keeps the server copy, to rebase on when the pull comes.
    current && !existingBase && !current.pending
      ? db.base.put({ table, _id: rowId, row: current })
      : undefined,
    next ? rows.put(next) : rows.delete(rowId),
  ]);
  return { entry, row: next };
}

export function transactionTables(db: CrmDatabase, ...more: SyncTable[]) {
  return [
    db.outbox,
    db.meta,
    db.base,
    db.contacts,
    db.users,
    db.interfaces,
    db.pin_changes,
    ...more.map((t) => db.entity(t)),
  ];
}
