/**
 * Compacting a table's row index (rowIndex.ts): its records up to the last write are replaced by
 * one snapshot write of its live rows. Needs only the database's two index stores and the table's
 * indexed columns, so a worker opening the database by name (rowIndexCompaction.worker.ts) runs it
 * without the app's schema.
 */
import type Dexie from 'dexie';
import type { RowColumn, RowWrite } from './rowIndex.ts';
import { IndexedRows } from './rowIndexState.ts';

const below = (table: string, ...key: (string | number)[]) => [table, ...key, -Infinity];
const above = (table: string, ...key: (string | number)[]) => [table, ...key, Infinity];

/** The table's writes after `after`, and the records of these columns for them, read together. */
export async function readSince(db: Dexie, table: string, columns: readonly string[], after: number) {
  const writesStore = db.table<RowWrite, number>('row_writes');
  const columnsStore = db.table<RowColumn>('row_columns');
  return db.transaction('r', [writesStore, columnsStore], async () => {
    const writes = await writesStore
      .where('[table+w]')
      .between([table, after], above(table), false, true)
      .toArray();
    const records = new Map<string, RowColumn[]>();
    if (writes.length) {
      const lists = await Promise.all(
        columns.map((c) =>
          columnsStore.where(':id').between([table, c, after], above(table, c), false, true).toArray(),
        ),
      );
      columns.forEach((c, i) => {
        records.set(c, lists[i] as RowColumn[]);
      });
    }
    return { writes, records };
  });
}

/** Replaces the table's index records (of these columns) by one snapshot of its live rows. */
export async function compactTable(db: Dexie, table: string, columns: readonly string[]): Promise<void> {
  const writesStore = db.table<RowWrite, number>('row_writes');
  const columnsStore = db.table<RowColumn>('row_columns');
  await db.transaction('rw', [writesStore, columnsStore], async () => {
    const { writes, records } = await readSince(db, table, columns, -Infinity);
    if (writes.length < 2) return;
    const state = new IndexedRows(columns);
    state.apply(writes, records);
    const { write, columns: snapshot } = state.snapshot(table);
    await writesStore.where('[table+w]').between(below(table), [table, state.w], true, true).delete();
    for (const c of columns) {
      await columnsStore.where(':id').between(below(table, c), [table, c, state.w], true, true).delete();
    }
    await writesStore.add(write);
    await columnsStore.bulkAdd(snapshot);
  });
}

/** A table and the columns its index keeps. */
export interface CompactionJob {
  table: string;
  columns: readonly string[];
}

/**
 * Compacts each table in turn. A compaction that fails leaves that index as it was, still right,
 * and is only reported.
 */
export async function compactTables(db: Dexie, jobs: readonly CompactionJob[]): Promise<void> {
  for (const { table, columns } of jobs) {
    await compactTable(db, table, columns).catch((err: unknown) =>
      console.warn('row index compaction failed', err),
    );
  }
}
