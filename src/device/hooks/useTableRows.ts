import { useLiveQuery } from 'dexie-react-hooks';
import { liveRowsOf, type OptionTable, optionRows } from '../../db/queries/tableRows.ts';
import { viewsOfTable } from '../../db/queries/tableViews.ts';
import type { TableRow, TableViewRow } from '../../db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** A table's saved views (undefined while reading). */
export function useTableViews(tableName: string): TableViewRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => viewsOfTable(db, tableName), [db, tableName]);
}

/**
 * Live rows of a device table, mapped by `select` inside the read (so a screen can keep what it
 * last showed while hidden). `select` runs on every change; `deps` name what it reads.
 */
export function useLiveRows<T>(
  dexieTable: string,
  select: (read: () => Promise<TableRow[]>) => Promise<T> | T,
  deps: readonly unknown[],
): T | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => select(() => liveRowsOf(db, dexieTable)), [db, dexieTable, ...deps]);
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
