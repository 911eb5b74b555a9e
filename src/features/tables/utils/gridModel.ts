/**
 * The grid's pure part (useDataTable): the columns a view shows and their table-model
 * definitions, sort rules to and from the table model's sorting, the lines of a grouped grid,
 * moving a column, the select-all box and the spacers around the virtualised window.
 */
import {
  type ColumnDef,
  columnResizingFeature,
  columnSizingFeature,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
} from '@tanstack/react-table';
import type { TableRow } from '#src/db/rows.ts';
import { groupRows, type QueryOptions } from '#src/domain/tables/query.ts';
import type { ColumnDefinition, TableDefinition } from '#src/domain/tables/registry.ts';
import type { SortRule } from '#src/domain/tables/viewQuery.ts';
import type { Item } from './dataTableParts.ts';

/** What the grid's table model does: sizes, resizing, sorting and selection (rows are virtualised). */
export const GRID_FEATURES = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  rowSortingFeature,
  rowSelectionFeature,
});
export type GridFeatures = typeof GRID_FEATURES;

/** A table-model update: a new value, or a function of the old one. */
export function applyUpdater<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;
}

export function columnsByKey(table: TableDefinition): Map<string, ColumnDefinition> {
  return new Map(table.columns.map((c) => [c.key, c]));
}

/** The view's columns, in its order, that the table has. */
export function shownColumns(byKey: ReadonlyMap<string, ColumnDefinition>, keys: readonly string[]) {
  return keys.map((key) => byKey.get(key)).filter((c): c is ColumnDefinition => !!c);
}

/** The table model's column of each shown column: its value, title and width limits. */
export function columnDefsOf(shown: readonly ColumnDefinition[]): ColumnDef<GridFeatures, TableRow>[] {
  return shown.map((c) => ({
    id: c.key,
    accessorFn: (row: TableRow) => row[c.key] as never,
    header: c.label,
    size: c.width ?? 150,
    minSize: 60,
    maxSize: 800,
  }));
}

export function sortingOf(sort: readonly SortRule[]): SortingState {
  return sort.map((s) => ({ id: s.field, desc: s.desc }));
}

export function sortRulesOf(sorting: SortingState): SortRule[] {
  return sorting.map((s) => ({ field: s.id, desc: s.desc }));
}

/** The grid's lines: the rows, or each group's header followed by its rows unless it is collapsed. */
export function gridItems(
  rows: TableRow[],
  groupBy: ColumnDefinition | undefined,
  display: QueryOptions['display'],
  collapsed: Readonly<Record<string, boolean>>,
): Item[] {
  if (!groupBy) return rows;
  const out: Item[] = [];
  for (const g of groupRows(rows, groupBy, { display })) {
    out.push({ groupHeader: true, key: g.key, count: g.rows.length });
    if (!collapsed[g.key]) for (const row of g.rows) out.push(row);
  }
  return out;
}

/** The columns with `key` moved one place left (-1) or right (1); undefined when it cannot move. */
export function movedColumns(columns: readonly string[], key: string, by: -1 | 1): string[] | undefined {
  const cols = [...columns];
  const i = cols.indexOf(key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= cols.length) return undefined;
  [cols[i], cols[j]] = [cols[j] as string, cols[i] as string];
  return cols;
}

/** The select-all box: checked when every row is selected, mixed when some are. */
export function selectionSummary(rows: readonly TableRow[], selection: RowSelectionState) {
  const selectedCount = Object.keys(selection).length;
  return {
    allSelected: rows.length > 0 && selectedCount >= rows.length && rows.every((r) => selection[r._id]),
    someSelected: selectedCount > 0,
  };
}

/** The empty space above and below the rows drawn, so the scroll bar spans every row. */
export function spacerHeights(window: readonly { start: number; end: number }[], totalSize: number) {
  return {
    before: window[0]?.start ?? 0,
    after: window.length ? totalSize - (window[window.length - 1]?.end ?? 0) : 0,
  };
}
