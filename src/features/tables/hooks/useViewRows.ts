import { useCallback, useMemo, useRef, useState } from 'react';
import type { TableRow } from '#src/db/rows.ts';
import { useLiveRows } from '#src/device/hooks/useTableRows.ts';
import { VIEW_TYPES } from '#src/domain/schemas/records.ts';
import type { TableDefinition } from '#src/domain/tables/registry.ts';
import { viewColumnsOf } from '#src/domain/tables/viewColumns.ts';
import { addWrittenRow, type LoadedRows, NO_WRITES, withWrittenRows } from '../utils/shownRows.ts';
import type { TableViewState } from './useTableView.ts';

/**
 * A table screen's rows as read from the device: read live while the screen is in sight (the
 * columns the view needs, and after the first read only what was written since), with the rows
 * this screen just wrote shown at once.
 */
export function useViewRows(table: TableDefinition, state: TableViewState, active: boolean) {
  const { properties } = state;
  const queryRuns = useRef(0);
  // Only the columns the view reads come from the device (a grid of 100,000 rows reads a few).
  const grid = Number(state.view.view_type ?? VIEW_TYPES.grid) === VIEW_TYPES.grid;
  const columnsKey = viewColumnsOf(table, properties, grid).join(',');
  const columns = useMemo(() => columnsKey.split(','), [columnsKey]);
  // Out of sight, a kept-alive screen stops reading (a knock on the map must not re-read 100,000
  // contacts) and shows what it had until its fresh read lands on return.
  const lastLoaded = useRef<LoadedRows | undefined>(undefined);
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
  const [written, setWritten] = useState(NO_WRITES);
  const rows = useMemo(() => withWrittenRows(loaded, written), [loaded, written]);
  /** Shows a row this screen has just written until the next read brings it. */
  const showWritten = useCallback((id: string, row: TableRow) => {
    const committedAfterRun = queryRuns.current;
    setWritten((w) => addWrittenRow(w, id, row, committedAfterRun));
  }, []);
  return { rows, showWritten };
}
