/** The rows a table screen lists and a selector offers. */
import type { CrmDatabase } from '../database.ts';
import type { TableRow } from '../rows.ts';

/** Every live row of a device table (tombstones left out). */
export async function liveRowsOf(db: CrmDatabase, dexieTable: string): Promise<TableRow[]> {
  const all = (await db.table(dexieTable).toArray()) as TableRow[];
  return all.some((r) => r.deleted_at) ? all.filter((r) => !r.deleted_at) : all;
}

/** The tables a selector may list options from. */
export type OptionTable = 'users' | 'teams' | 'regions' | 'products' | 'sales_channels' | 'orgs' | 'contacts';

/** Rows of a table for a selector, optionally only those that pass `where`. */
export function optionRows(
  db: CrmDatabase,
  table: OptionTable,
  where?: (row: TableRow) => boolean,
): Promise<TableRow[]> {
  const all = db.entity(table);
  return where ? all.filter(where).toArray() : all.toArray();
}
