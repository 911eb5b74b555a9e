import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TableRow } from '../../../db/rows.ts';
import { useLiveRows } from '../../../device/hooks/useTableRows.ts';
import { VIEW_TYPES } from '../../../domain/schemas/records.ts';
import { filterRows, sortRows } from '../../../domain/tables/query.ts';
import type { TableDefinition, ViewProperties } from '../../../domain/tables/registry.ts';
import { viewColumnsOf } from '../../../domain/tables/viewColumns.ts';
import type { SortRule } from '../../../domain/tables/viewQuery.ts';
import type { DisplayValue } from './useDisplay.ts';
import type { TableViewState } from './useTableView.ts';

/**
 * A table screen's rows: read live while the screen is in sight (the columns the view needs, and
 * after the first read only what was written since), with its own writes shown at once, sorted and filtered by the view's query; and the performance marks of a query change.
 * `update` is the view's update that also starts the 'table-query-start' → 'table-rendered' clock.
 */
export function useShownRows(
  table: TableDefinition,
  state: TableViewState,
  display: DisplayValue,
  active: boolean,
) {
  const { properties } = state;
  const queryRuns = useRef(0);
  // Only the columns the view reads come from the device (a grid of 100,000 rows reads a few).
  const grid = Number(state.view.view_type ?? VIEW_TYPES.grid) === VIEW_TYPES.grid;
  const columnsKey = viewColumnsOf(table, properties, grid).join(',');
  const columns = useMemo(() => columnsKey.split(','), [columnsKey]);
  // Out of sight, a kept-alive screen stops reading (a knock on the map must not re-read 100,000
  // contacts) and shows what it had until its fresh read lands on return.
  const lastLoaded = useRef<{ run: number; rows: TableRow[] } | undefined>(undefined);
  const read = useLiveRows(
    table.dexieTable,
    columns,
    async (readRows) => {
      // The first read waits for the saved views, so it reads what the user's own view needs.
      if (!active || !state.ready) return lastLoaded.current;
      const run = ++queryRuns.current;
      const started = performance.now();
      lastLoaded.current = { run, rows: await readRows() };
      // How long the device took to read the rows (the first read, or only what changed since).
      performance.measure('table-rows-read', { start: started, detail: { table: table.key } });
      return lastLoaded.current;
    },
    [active, state.ready, table.key],
  );
  const loaded = read ?? lastLoaded.current;
  // Rows this screen just wrote show at once, until a read that started after the write brings them.
  const [written, setWritten] = useState<{ beforeRun: number; rows: Map<string, TableRow> }>({
    beforeRun: 0,
    rows: new Map(),
  });
  const rows = useMemo(() => {
    if (!loaded) return undefined;
    if (loaded.run > written.beforeRun || written.rows.size === 0) return loaded.rows;
    return loaded.rows.map((r) => written.rows.get(r._id) ?? r);
  }, [loaded, written]);
  /** Shows a row this screen has just written until the next read brings it. */
  const showWritten = useCallback((id: string, row: TableRow) => {
    const committedAfterRun = queryRuns.current;
    setWritten((w) => {
      const next = new Map(w.beforeRun === committedAfterRun ? w.rows : undefined);
      next.set(id, row);
      return { beforeRun: committedAfterRun, rows: next };
    });
  }, []);

  const visible = useMemo(
    () => properties.columns.filter((key) => table.columns.some((c) => c.key === key)),
    [properties.columns, table],
  );
  const queryStarted = useRef(false);
  // Sorted once per sort order and then filtered (filtering keeps the order): a filter change
  // over 100,000 rows costs a filter pass, not a sort; the last few orders are kept for flipping.
  const sortCache = useRef<{
    rows: TableRow[] | undefined;
    display: unknown;
    byKey: Map<string, TableRow[]>;
  }>({
    rows: undefined,
    display: undefined,
    byKey: new Map(),
  });
  const sortKey = JSON.stringify(properties.query.sort);
  const sortedRows = useMemo(() => {
    if (!rows) return [];
    const cache = sortCache.current;
    if (cache.rows !== rows || cache.display !== display) {
      cache.rows = rows;
      cache.display = display;
      cache.byKey.clear();
    }
    let sorted = cache.byKey.get(sortKey);
    if (!sorted) {
      sorted = sortRows(rows, JSON.parse(sortKey) as SortRule[], table.columns, { display });
      if (cache.byKey.size >= 4) cache.byKey.delete(cache.byKey.keys().next().value as string);
      cache.byKey.set(sortKey, sorted);
    }
    return sorted;
  }, [rows, sortKey, table.columns, display]);
  const { filters, match, search } = properties.query;
  const shownRows = useMemo(
    () =>
      filterRows(sortedRows, { filters, match, search }, table.columns, { display, searchColumns: visible }),
    [sortedRows, filters, match, search, table.columns, display, visible],
  );
  // Marks for the benchmark and monitoring: from a query change to the grid painted with its rows.
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
        if (first) performance.mark('table-first-rendered', { detail: { table: table.key } });
        if (afterQuery)
          performance.mark('table-rendered', { detail: { table: table.key, rows: shownRows.length } });
      }, 0),
    );
  }, [shownRows, rows, table.key]);

  const update = useCallback(
    (patch: Partial<ViewProperties>) => {
      if (patch.query) {
        queryStarted.current = true;
        performance.mark('table-query-start', { detail: { table: table.key } });
      }
      state.update(patch);
    },
    [state, table.key],
  );

  return { rows, shownRows, visible, showWritten, update };
}
