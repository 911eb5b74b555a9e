/**
 * The table screens' row index: the listed columns of every table a table screen shows, kept
 * column by column, so a screen reads the few columns its view needs for 100,000 rows (a fraction
 * of reading every full row) and follows later writes without reading the table again.
 * Invariants:
 * - a Dexie middleware turns EVERY write to an indexed table into one `row_writes` record (the ids
 *   it wrote, or removed) and one `row_columns` record per indexed column (the values, in the
 *   order of those ids), in the same transaction — one bulk add each, no reads, so a page of a
 *   sync costs a few records, not one per row;
 * - every read-write transaction that names an indexed table is widened to hold both stores, so no
 *   write path has to list them;
 * - `row_writes` keys are an IndexedDB auto-increment (commit order across tabs and workers); a
 *   column record is keyed [table, column, w] by the write it belongs to, so a column reads in
 *   write order and a later write wins;
 * - a compaction replaces a table's records up to a write by one `snapshot` write holding every
 *   live row (anything not in it is gone).
 */
import type { DBCore, DBCoreTransaction, Middleware } from 'dexie';
import { TABLES } from '../domain/tables/registry.ts';
import { listedColumnsOf } from '../domain/tables/viewColumns.ts';
import { keysInRange } from './deletedKeys.ts';

/** One write to an indexed table. */
export interface RowWrite {
  w?: number;
  table: string;
  /** Rows written (each id once), in the order of the column records' values. */
  ids?: string[];
  /** Rows gone (deleted, a tombstone, out of reach). */
  removed?: string[];
  /** Holds every live row of the table: rows not in it are gone. */
  snapshot?: 1;
}

/** One column's values for the rows of one write. */
export interface RowColumn {
  table: string;
  column: string;
  w: number;
  values: unknown[];
}

export const ROW_INDEX_STORES = ['row_writes', 'row_columns'] as const;

type Row = Record<string, unknown>;

/** The device tables with a row index (every table a table screen lists), and the columns it keeps. */
export const INDEXED_COLUMNS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.values(TABLES).map((table) => [table.dexieTable, listedColumnsOf(table)]),
);

export function isIndexed(table: string): boolean {
  return INDEXED_COLUMNS.has(table);
}

/** The index records of one write of `rows` (live ones written, tombstones removed). */
export function indexRecordsOf(
  table: string,
  rows: readonly Row[],
  removedIds: readonly string[] = [],
): { write: RowWrite; columns: Omit<RowColumn, 'w'>[] } {
  let live: Row[] = [];
  const removed = [...removedIds];
  // The last write of an id wins (a bulk put may hold one row twice).
  const seen = new Set<string>();
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] as Row;
    const id = String(row._id);
    if (seen.has(id)) continue;
    seen.add(id);
    if (row.deleted_at) removed.push(id);
    else live.push(row);
  }
  live = live.reverse();
  const write: RowWrite = { table };
  if (live.length) write.ids = live.map((r) => String(r._id));
  if (removed.length) write.removed = removed;
  const columns = live.length
    ? (INDEXED_COLUMNS.get(table) ?? []).map((column) => ({
        table,
        column,
        values: live.map((r) => r[column]),
      }))
    : [];
  return { write, columns };
}

/** Every live row of a table as one snapshot write (building the index from stored rows). */
export function snapshotOf(table: string, rows: readonly Row[]): ReturnType<typeof indexRecordsOf> {
  const { write, columns } = indexRecordsOf(table, rows);
  return { write: { table, ids: write.ids ?? [], snapshot: 1 }, columns };
}

function nativeStores(trans: DBCoreTransaction): DOMStringList | undefined {
  return (trans as unknown as IDBTransaction).objectStoreNames;
}

/** Adds one write's records: the write first, for its number, then its columns in one bulk add. */
async function logWrite(
  down: DBCore,
  trans: DBCoreTransaction,
  records: ReturnType<typeof indexRecordsOf>,
): Promise<void> {
  if (!records.write.ids && !records.write.removed) return;
  const stores = nativeStores(trans);
  if (stores && !stores.contains('row_writes')) {
    // Only a schema upgrade older than the index writes an indexed table without it; v5 builds it.
    if ((trans as unknown as IDBTransaction).mode === 'versionchange') return;
    throw new Error('an indexed table was written in a transaction without the row index');
  }
  const added = await down.table('row_writes').mutate({ trans, type: 'add', values: [records.write] });
  if (added.numFailures) throw added.failures[0];
  if (!records.columns.length) return;
  const w = added.lastResult as number;
  const values = records.columns.map((c) => ({ ...c, w }));
  const result = await down.table('row_columns').mutate({ trans, type: 'add', values });
  if (result.numFailures) throw result.failures[0];
}

/** Registered on every CrmDatabase: keeps the row index in step with the indexed tables. */
export const rowIndexMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'rowIndex',
  create(down) {
    return {
      ...down,
      transaction(stores, mode, options) {
        const widen = mode === 'readwrite' && stores.some(isIndexed) && !stores.includes(ROW_INDEX_STORES[0]);
        return down.transaction(widen ? [...stores, ...ROW_INDEX_STORES] : stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        if (!isIndexed(name)) return table;
        return {
          ...table,
          async mutate(req) {
            const { trans } = req;
            if (req.type === 'deleteRange') {
              const gone = await keysInRange(table, req);
              const result = await table.mutate(req);
              await logWrite(down, trans, indexRecordsOf(name, [], gone));
              return result;
            }
            // The row write first: rows it failed to write (an add of an existing key) stay out.
            const result = await table.mutate(req);
            if (req.type === 'delete') {
              await logWrite(down, trans, indexRecordsOf(name, [], req.keys.map(String)));
              return result;
            }
            const failed = result.numFailures ? new Set(Object.keys(result.failures).map(Number)) : undefined;
            const rows = failed
              ? (req.values as Row[]).filter((_, i) => !failed.has(i))
              : (req.values as Row[]);
            await logWrite(down, trans, indexRecordsOf(name, rows));
            return result;
          },
        };
      },
    };
  },
};
