import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TableRow } from '#src/db/rows.ts';
import { useSalesFiguresBy } from '#src/device/hooks/useSalesFigures.ts';
import { filterRows } from '#src/domain/tables/query.ts';
import type { TableDefinition, ViewProperties } from '#src/domain/tables/registry.ts';
import { withLastActive } from '../utils/lastActiveRows.ts';
import { SALES_TABLES, withSales } from '../utils/salesRows.ts';
import { SortedRows, visibleColumns } from '../utils/shownRows.ts';
import type { DisplayValue } from './useDisplay.ts';
import { useLastActive } from './useLastActive.ts';
import type { TableViewState } from './useTableView.ts';
import { useViewRows } from './useViewRows.ts';

/**
 * A table screen's rows (useViewRows; users with their last activity from the server; users and
 * teams with their sales figures), sorted and filtered by the view's query; and the
 * performance marks of a query change. `update` is the view's update that also starts the
 * 'table-query-start' → 'table-rendered' clock.
 */
export function useShownRows(
  table: TableDefinition,
  state: TableViewState,
  display: DisplayValue,
  active: boolean,
) {
  const { properties } = state;
  const view = useViewRows(table, state, active);
  const { showWritten } = view;
  // The users table shows each user's last activity as their page does (the server's, online).
  const lastActive = useLastActive(active && table.key === 'users');
  // Users and teams carry their sales figures, counted on the device from the contacts.
  const salesField = SALES_TABLES[table.key];
  const sales = useSalesFiguresBy(salesField ?? 'owner_id', active && salesField !== undefined);
  const rows = useMemo(() => {
    if (!view.rows) return view.rows;
    const withActivity = table.key === 'users' ? withLastActive(view.rows, lastActive) : view.rows;
    return salesField ? withSales(withActivity, sales) : withActivity;
  }, [view.rows, lastActive, table.key, salesField, sales]);
  const visible = useMemo(() => visibleColumns(properties.columns, table), [properties.columns, table]);
  // Sorted once per sort order and then filtered (filtering keeps the order): a filter change
  // over 100,000 rows costs a filter pass, not a sort; the last few orders are kept for flipping.
  const [sortCache] = useState(() => new SortedRows());
  const sortKey = JSON.stringify(properties.query.sort);
  const sortedRows = useMemo(
    () => (rows ? sortCache.sorted(rows, sortKey, table.columns, display) : []),
    [rows, sortKey, table.columns, display, sortCache],
  );
  const { filters, match, search } = properties.query;
  const shownRows = useMemo(
    () =>
      filterRows(sortedRows, { filters, match, search }, table.columns, { display, searchColumns: visible }),
    [sortedRows, filters, match, search, table.columns, display, visible],
  );
  const update = useRenderMarks(table.key, rows, shownRows, state.update);
  return { rows, shownRows, visible, showWritten, update };
}

/**
 * Marks for the benchmark and monitoring: 'table-first-rendered' once the grid is painted with its
 * first rows, and from a query change ('table-query-start', marked by the update answered here)
 * to the grid painted with its rows ('table-rendered').
 */
function useRenderMarks(
  table: string,
  rows: TableRow[] | undefined,
  shownRows: TableRow[],
  updateView: TableViewState['update'],
) {
  const queryStarted = useRef(false);
  const firstShown = useRef(false);
  useEffect(() => {
    if (!rows) return;
    const first = !firstShown.current;
    const afterQuery = queryStarted.current;
    if (!first && !afterQuery) return;
    firstShown.current = true;
    queryStarted.current = false;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (first) performance.mark('table-first-rendered', { detail: { table } });
        if (afterQuery) performance.mark('table-rendered', { detail: { table, rows: shownRows.length } });
      }, 0),
    );
  }, [shownRows, rows, table]);

  return useCallback(
    (patch: Partial<ViewProperties>) => {
      if (patch.query) {
        queryStarted.current = true;
        performance.mark('table-query-start', { detail: { table } });
      }
      updateView(patch);
    },
    [updateView, table],
  );
}
