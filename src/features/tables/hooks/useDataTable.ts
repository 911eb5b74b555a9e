import { useMemo, useState } from 'react';
import type { DataTableProps } from '../utils/dataTableParts.ts';
import { SELECT_WIDTH } from '../utils/dataTableParts.ts';
import { gridItems, selectionSummary } from '../utils/gridModel.ts';
import { useGridColumns } from './useGridColumns.ts';
import { useGridWindow } from './useGridWindow.ts';

/**
 * The grid's state: the column model (sort, widths, order), the rows with their group lines,
 * the virtualised window over them and the scroll position kept across visits.
 */
export function useDataTable(props: DataTableProps) {
  const { rows, properties, display, selection } = props;
  const columns = useGridColumns(props);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const groupBy = properties.query.groupBy ? columns.byKey.get(properties.query.groupBy) : undefined;
  const items = useMemo(
    () => gridItems(rows, groupBy, display, collapsed),
    [rows, groupBy, display, collapsed],
  );
  const gridWindow = useGridWindow(items.length, props.scrollTop);
  const { headers } = columns;
  const totalWidth = SELECT_WIDTH + headers.reduce((sum, h) => sum + h.getSize(), 0);

  return {
    ...columns,
    collapsed,
    setCollapsed,
    groupBy,
    items,
    ...gridWindow,
    totalWidth,
    span: headers.length + 1,
    ...selectionSummary(rows, selection),
  };
}

export type DataTableState = ReturnType<typeof useDataTable>;
export type GridHeader = DataTableState['headers'][number];
