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
  useTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TableRow } from '../../../db/rows.ts';
import { groupRows } from '../../../domain/tables/query.ts';
import type { ColumnDefinition } from '../../../domain/tables/registry.ts';
import { type DataTableProps, type Item, ROW_HEIGHT, SELECT_WIDTH } from '../utils/dataTableParts.ts';

const features = tableFeatures({
  columnSizingFeature,
  columnResizingFeature,
  rowSortingFeature,
  rowSelectionFeature,
});
type Features = typeof features;

const NO_ROWS: TableRow[] = [];

function apply<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;
}

/**
 * The grid's state: the column model (sort, widths, order), the rows with their group lines,
 * the virtualised window over them and the scroll position kept across visits.
 */
export function useDataTable(props: DataTableProps) {
  const { table: def, rows, properties, readOnly, display, onChange, selection, onSelectionChange } = props;
  const byKey = useMemo(() => new Map(def.columns.map((c) => [c.key, c])), [def]);
  const shown = useMemo(
    () => properties.columns.map((key) => byKey.get(key)).filter((c): c is ColumnDefinition => !!c),
    [properties.columns, byKey],
  );
  const columns = useMemo<ColumnDef<Features, TableRow>[]>(
    () =>
      shown.map((c) => ({
        id: c.key,
        accessorFn: (row: TableRow) => row[c.key] as never,
        header: c.label,
        size: c.width ?? 150,
        minSize: 60,
        maxSize: 800,
      })),
    [shown],
  );
  const sorting = useMemo<SortingState>(
    () => properties.query.sort.map((s) => ({ id: s.field, desc: s.desc })),
    [properties.query.sort],
  );
  const [liveWidths, setLiveWidths] = useState<Record<string, number> | null>(null);
  const columnSizing = liveWidths ?? properties.widths;

  const table = useTable({
    features,
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
      const next = apply(updater, sorting);
      onChange({
        query: { ...properties.query, sort: next.map((s) => ({ field: s.id, desc: s.desc })) },
      });
    },
    onColumnSizingChange: (updater: Updater<Record<string, number>>) => {
      const next = apply(updater, columnSizing);
      setLiveWidths(next);
      onChange({ widths: next });
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) =>
      onSelectionChange(apply(updater, selection)),
  });

  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const groupBy = properties.query.groupBy ? byKey.get(properties.query.groupBy) : undefined;
  const items = useMemo<Item[]>(() => {
    if (!groupBy) return rows;
    const out: Item[] = [];
    for (const g of groupRows(rows, groupBy, { display })) {
      out.push({ groupHeader: true, key: g.key, count: g.rows.length });
      if (!collapsed[g.key]) for (const row of g.rows) out.push(row);
    }
    return out;
  }, [rows, groupBy, display, collapsed]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialOffset: () => props.scrollTop.current,
  });
  const scrollTop = props.scrollTop;
  // Back on a kept-alive screen: the grid opens where the user left it, once it has its height
  // (scroll events before that would record the clamped offset).
  const restored = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    const saved = scrollTop.current;
    const frame = requestAnimationFrame(() => {
      if (scrollRef.current) scrollRef.current.scrollTop = saved;
      restored.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    if (restored.current) scrollTop.current = e.currentTarget.scrollTop;
  };

  const virtual = virtualizer.getVirtualItems();
  const before = virtual[0]?.start ?? 0;
  const after = virtual.length ? virtualizer.getTotalSize() - (virtual[virtual.length - 1]?.end ?? 0) : 0;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const totalWidth = SELECT_WIDTH + headers.reduce((sum, h) => sum + h.getSize(), 0);
  const span = headers.length + 1;

  const move = useCallback(
    (key: string, by: -1 | 1) => {
      const cols = [...properties.columns];
      const i = cols.indexOf(key);
      const j = i + by;
      if (i < 0 || j < 0 || j >= cols.length) return;
      [cols[i], cols[j]] = [cols[j] as string, cols[i] as string];
      onChange({ columns: cols });
    },
    [properties.columns, onChange],
  );

  const selectedCount = Object.keys(selection).length;
  const allSelected = rows.length > 0 && selectedCount >= rows.length && rows.every((r) => selection[r._id]);
  const someSelected = selectedCount > 0;

  return {
    byKey,
    shown,
    headers,
    setLiveWidths,
    collapsed,
    setCollapsed,
    groupBy,
    items,
    scrollRef,
    onScroll,
    virtual,
    before,
    after,
    totalWidth,
    span,
    move,
    allSelected,
    someSelected,
  };
}

export type DataTableState = ReturnType<typeof useDataTable>;
export type GridHeader = DataTableState['headers'][number];
