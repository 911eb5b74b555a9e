import { type RowSelectionState, type SortingState, type Updater, useTable } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import type { TableRow } from '#src/db/rows.ts';
import type { DataTableProps } from '../utils/dataTableParts.ts';
import {
  applyUpdater,
  columnDefsOf,
  columnsByKey,
  GRID_FEATURES,
  movedColumns,
  shownColumns,
  sortingOf,
  sortRulesOf,
} from '../utils/gridModel.ts';

const NO_ROWS: TableRow[] = [];

/** The grid's column model: the columns shown, their sort and widths (live while dragged), and moves. */
export function useGridColumns(props: DataTableProps) {
  const { table: def, properties, readOnly, onChange, selection, onSelectionChange } = props;
  const byKey = useMemo(() => columnsByKey(def), [def]);
  const shown = useMemo(() => shownColumns(byKey, properties.columns), [properties.columns, byKey]);
  const columns = useMemo(() => columnDefsOf(shown), [shown]);
  const sorting = useMemo(() => sortingOf(properties.query.sort), [properties.query.sort]);
  const [liveWidths, setLiveWidths] = useState<Record<string, number> | null>(null);
  const columnSizing = liveWidths ?? properties.widths;

  const table = useTable({
    features: GRID_FEATURES,
    columns,
    // Rows are virtualised by the grid itself: the table model holds none, so 100,000 rows cost
    // no row objects (selection is kept by the screen, by row id).
    data: NO_ROWS,
    getRowId: (row: TableRow) => row._id,
    // Rows come sorted by the view's query; the table only keeps the sort state and handlers.
    manualSorting: true,
    enableSorting: !readOnly,
    enableMultiSort: true,
    // The table holds no rows to guess a first direction from: a first click sorts ascending.
    sortDescFirst: false,
    isMultiSortEvent: (e: unknown) => !!(e as MouseEvent).shiftKey,
    enableColumnResizing: !readOnly,
    columnResizeMode: 'onChange',
    enableRowSelection: true,
    state: { sorting, columnSizing, rowSelection: selection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const sort = sortRulesOf(applyUpdater(updater, sorting));
      onChange({ query: { ...properties.query, sort } });
    },
    onColumnSizingChange: (updater: Updater<Record<string, number>>) => {
      const next = applyUpdater(updater, columnSizing);
      setLiveWidths(next);
      onChange({ widths: next });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      onSelectionChange(applyUpdater(updater, selection)),
  });

  const move = useCallback(
    (key: string, by: -1 | 1) => {
      const cols = movedColumns(properties.columns, key, by);
      if (cols) onChange({ columns: cols });
    },
    [properties.columns, onChange],
  );

  return { byKey, shown, headers: table.getHeaderGroups()[0]?.headers ?? [], setLiveWidths, move };
}
