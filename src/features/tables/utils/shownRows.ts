/**
 * The pure part of a table screen's rows (useShownRows): rows this screen wrote shown over what
 * was read until a later read brings them, the columns a search looks in, and the sorted orders
 * kept so a filter change costs a filter pass, not a sort.
 */
import type { TableRow } from '#src/db/rows.ts';
import { type QueryOptions, sortRows } from '#src/domain/tables/query.ts';
import type { ColumnDefinition, TableDefinition } from '#src/domain/tables/registry.ts';
import type { SortRule } from '#src/domain/tables/viewQuery.ts';

/** A read of the table's rows, numbered in the order the reads started. */
export interface LoadedRows {
  run: number;
  rows: TableRow[];
}

/** Rows this screen wrote, by id, after read number `beforeRun` had started. */
export interface WrittenRows {
  beforeRun: number;
  rows: ReadonlyMap<string, TableRow>;
}

export const NO_WRITES: WrittenRows = { beforeRun: 0, rows: new Map() };

/** The rows read, with this screen's own writes over them until a read that started after them. */
export function withWrittenRows(
  loaded: LoadedRows | undefined,
  written: WrittenRows,
): TableRow[] | undefined {
  if (!loaded) return undefined;
  if (loaded.run > written.beforeRun || written.rows.size === 0) return loaded.rows;
  return loaded.rows.map((r) => written.rows.get(r._id) ?? r);
}

/** One more row written after read number `lastRun` started (writes before that read are dropped). */
export function addWrittenRow(written: WrittenRows, id: string, row: TableRow, lastRun: number): WrittenRows {
  const next = new Map(written.beforeRun === lastRun ? written.rows : undefined);
  next.set(id, row);
  return { beforeRun: lastRun, rows: next };
}

/** The view's columns the table still has (the ones shown, searched and exported). */
export function visibleColumns(columns: readonly string[], table: TableDefinition): string[] {
  return columns.filter((key) => table.columns.some((c) => c.key === key));
}

/**
 * The rows sorted once per sort order; the last few orders are kept for flipping between them,
 * and all are forgotten when the rows or the way values are shown change.
 */
export class SortedRows {
  private rows: readonly TableRow[] | undefined;
  private display: unknown;
  private readonly byKey = new Map<string, TableRow[]>();
  private readonly keep: number;

  constructor(keep = 4) {
    this.keep = keep;
  }

  /** The rows in the order of `sortKey` (the sort rules as JSON). */
  sorted(
    rows: TableRow[],
    sortKey: string,
    columns: readonly ColumnDefinition[],
    display?: QueryOptions['display'],
  ): TableRow[] {
    if (this.rows !== rows || this.display !== display) {
      this.rows = rows;
      this.display = display;
      this.byKey.clear();
    }
    let sorted = this.byKey.get(sortKey);
    if (!sorted) {
      sorted = sortRows(rows, JSON.parse(sortKey) as SortRule[], columns, { display });
      if (this.byKey.size >= this.keep) this.byKey.delete(this.byKey.keys().next().value as string);
      this.byKey.set(sortKey, sorted);
    }
    return sorted;
  }
}
