/**
 * Reading a table's rows through the row index (rowIndex.ts): the first read folds the columns a
 * view needs; each later read folds only the writes since, so a one-row write never re-reads the
 * table. The index is compacted now and then, away from the read that noticed it was due: after
 * COMPACT_AFTER writes, and once a page's fold had to map every id (rowIndexState.ts).
 */
import Dexie from 'dexie';
import type { CrmDatabase } from './database.ts';
import { INDEXED_COLUMNS } from './rowIndex.ts';
import { type CompactionJob, compactTable, compactTables, readSince } from './rowIndexCompaction.ts';
import { IndexedRows } from './rowIndexState.ts';
import type { TableRow } from './rows.ts';

/** Writes since the last snapshot after which a reader compacts the table's index. */
export const COMPACT_AFTER = 200;

/** Replaces the table's index records by one snapshot of its live rows. */
export function compactRowIndex(db: CrmDatabase, table: string): Promise<void> {
  return compactTable(db, table, INDEXED_COLUMNS.get(table) ?? []);
}

/**
 * Compacts the row index of each of these tables that has one, away from the page's main thread:
 * in a worker of its own, on the same database (where workers run; else here, outside any
 * transaction in progress). Resolves once done or failed; a failure is only reported.
 */
export function compactInBackground(db: CrmDatabase, tables: Iterable<string>): Promise<void> {
  const jobs: CompactionJob[] = [...tables]
    .filter((table) => INDEXED_COLUMNS.has(table))
    .map((table) => ({ table, columns: INDEXED_COLUMNS.get(table) ?? [] }));
  if (!jobs.length) return Promise.resolve();
  let worker: Worker | undefined;
  try {
    if (typeof Worker !== 'undefined')
      worker = new Worker(new URL('./rowIndexCompaction.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // A page that may not start workers compacts here.
  }
  if (!worker) return Dexie.ignoreTransaction(() => compactTables(db, jobs));
  const started = worker;
  return new Promise((resolve) => {
    const end = () => {
      started.terminate();
      resolve();
    };
    started.onmessage = end;
    started.onerror = (event) => {
      console.warn('row index compaction failed', event.message);
      end();
    };
    started.postMessage({ name: db.name, jobs });
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
      compactInBackground(this.db, [this.table])
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
