/**
 * Reading a table's rows through the row index (rowIndex.ts): the first read folds the columns a
 * view needs; each later read folds only the writes since, so a one-row write never re-reads the
 * table. The index is compacted now and then, away from the read that noticed it was due: after
 * COMPACT_AFTER writes, and once a page's fold had to map every id (rowIndexState.ts).
 */
import Dexie from 'dexie';
import type { CrmDatabase } from './database.ts';
import { INDEXED_COLUMNS, type RowColumn } from './rowIndex.ts';
import { IndexedRows } from './rowIndexState.ts';
import type { TableRow } from './rows.ts';

/** Writes since the last snapshot after which a reader compacts the table's index. */
export const COMPACT_AFTER = 200;

const below = (table: string, ...key: (string | number)[]) => [table, ...key, -Infinity];
const above = (table: string, ...key: (string | number)[]) => [table, ...key, Infinity];

/** The table's writes after `after`, and the records of these columns for them, read together. */
async function readSince(db: CrmDatabase, table: string, columns: readonly string[], after: number) {
  return db.transaction('r', [db.row_writes, db.row_columns], async () => {
    const writes = await db.row_writes
      .where('[table+w]')
      .between([table, after], above(table), false, true)
      .toArray();
    const records = new Map<string, RowColumn[]>();
    if (writes.length) {
      const lists = await Promise.all(
        columns.map((c) =>
          db.row_columns.where(':id').between([table, c, after], above(table, c), false, true).toArray(),
        ),
      );
      columns.forEach((c, i) => {
        records.set(c, lists[i] as RowColumn[]);
      });
    }
    return { writes, records };
  });
}

/** Replaces the table's index records by one snapshot of its live rows. */
export async function compactRowIndex(db: CrmDatabase, table: string): Promise<void> {
  const columns = INDEXED_COLUMNS.get(table) ?? [];
  await db.transaction('rw', [db.row_writes, db.row_columns], async () => {
    const { writes, records } = await readSince(db, table, columns, -Infinity);
    if (writes.length < 2) return;
    const state = new IndexedRows(columns);
    state.apply(writes, records);
    const { write, columns: snapshot } = state.snapshot(table);
    await db.row_writes.where('[table+w]').between(below(table), [table, state.w], true, true).delete();
    for (const c of columns) {
      await db.row_columns.where(':id').between(below(table, c), [table, c, state.w], true, true).delete();
    }
    await db.row_writes.add(write);
    await db.row_columns.bulkAdd(snapshot);
  });
}

export class RowIndexReader {
  private state: IndexedRows | undefined;
  private compacting = false;
  /** Whether this reader already compacted because its fold had to map every id. */
  private compactedForMap = false;
  private readonly db: CrmDatabase;
  readonly table: string;
  private readonly indexed: ReadonlySet<string>;

  constructor(db: CrmDatabase, table: string) {
    this.db = db;
    this.table = table;
    this.indexed = new Set(INDEXED_COLUMNS.get(table) ?? []);
  }

  /**
   * The table's live rows, in the order they were first written, holding at least these columns (others it does not keep
   * are left out). The same array while nothing changed; unchanged rows stay the same objects.
   * Safe to call again before an earlier call ends: writes already applied are skipped.
   */
  async rows(columns: readonly string[]): Promise<TableRow[]> {
    const wanted = columns.filter((c) => this.indexed.has(c));
    let state = this.state;
    if (!state || wanted.some((c) => !state?.has(c))) {
      // A column the view did not need before: read again with it (and keep what was held).
      state = new IndexedRows([...new Set([...(state?.columns ?? []), ...wanted])].sort());
    }
    const { writes, records } = await readSince(this.db, this.table, state.columns, state.w);
    state.apply(writes, records);
    if (!this.state || state.columns.length >= this.state.columns.length) this.state = state;
    if (state.sinceSnapshot >= COMPACT_AFTER) this.compactSoon();
    else if (state.mapped && !this.compactedForMap) {
      // Folded from many writes (a first sync's pages, a session's edits): as one snapshot, the
      // next opening folds it without the map.
      this.compactedForMap = true;
      this.compactSoon();
    }
    return state.rows() as TableRow[];
  }

  private compactSoon() {
    if (this.compacting) return;
    this.compacting = true;
    // Out of the read that noticed (a live query may not write), once the screen has settled.
    setTimeout(() => {
      Dexie.ignoreTransaction(() => compactRowIndex(this.db, this.table))
        .then(() => {
          if (this.state) this.state.sinceSnapshot = 0;
        })
        .catch((err: unknown) => console.warn('row index compaction failed', err))
        .finally(() => {
          this.compacting = false;
        });
    }, 2000);
  }
}
