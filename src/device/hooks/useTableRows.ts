import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { fullRow, type OptionTable, optionRows, tableRowsReader } from '#src/db/queries/tableRows.ts';
import { viewsOfTable } from '#src/db/queries/tableViews.ts';
import type { TableRow, TableViewRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** A table's saved views (undefined while reading). */
export function useTableViews(tableName: string): TableViewRow[] | undefined {
  const { db, userId } = useDevice();
  return useLiveQuery(() => viewsOfTable(db, tableName, userId), [db, tableName, userId]);
}

/**
 * Live rows of a device table with (at least) `columns`, through the table's row index: the first
 * read takes only those columns, later ones only what was written since. Mapped by `select` inside
 * the read (so a screen can keep what it last showed while hidden). `select` runs on every change;
 * `deps` name what it reads.
 */
export function useLiveRows<T>(
  dexieTable: string,
  columns: readonly string[],
  select: (read: () => Promise<TableRow[]>) => Promise<T> | T,
  deps: readonly unknown[],
): T | undefined {
  const { db } = useDevice();
  const reader = useMemo(() => tableRowsReader(db, dexieTable), [db, dexieTable]);
  return useLiveQuery(() => select(() => reader.rows(columns)), [reader, columns, ...deps]);
}

const NAME_COLUMNS = ['name'];
const NO_ROWS: TableRow[] = [];

/**
 * The rows of users, teams or regions with only their names, from the row index (empty until
 * read): what a table shows and offers for an id, without reading 10,000 full rows.
 */
export function useNamedRows(dexieTable: 'users' | 'teams' | 'regions' | 'survey_templates'): TableRow[] {
  return useLiveRows(dexieTable, NAME_COLUMNS, (read) => read(), []) ?? NO_ROWS;
}

/** One full row of a device table (undefined while reading, without an id, or when gone). */
export function useFullRow(dexieTable: string, id: string | null | undefined): TableRow | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => (id ? fullRow(db, dexieTable, id) : undefined), [db, dexieTable, id]);
}

/** Rows of a table for a selector, optionally only those that pass `where`, mapped by `map`. */
export function useOptionRows<T>(
  table: OptionTable,
  map: (rows: TableRow[]) => T,
  deps: readonly unknown[],
  where?: (row: TableRow) => boolean,
): T | undefined {
  const { db } = useDevice();
  return useLiveQuery(async () => map(await optionRows(db, table, where)), [db, table, where, ...deps]);
}
