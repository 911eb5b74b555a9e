/** The rows a table screen lists and a selector offers. */
import type { CrmDatabase } from '../database.ts';
import { RowIndexReader } from '../rowIndexReader.ts';
import type { TableRow } from '../rows.ts';

/**
 * A table screen's reader of its rows through the row index: only the columns its view needs, and
 * after the first read only what was written since (see rowIndexReader.ts).
 */
export function tableRowsReader(db: CrmDatabase, dexieTable: string): RowIndexReader {
  return new RowIndexReader(db, dexieTable);
}

/** One full row of a device table (the row drawer shows every field), unless gone. */
export async function fullRow(
  db: CrmDatabase,
  dexieTable: string,
  id: string,
): Promise<TableRow | undefined> {
  const row = (await db.table(dexieTable).get(id)) as TableRow | undefined;
  return row && !row.deleted_at ? row : undefined;
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
