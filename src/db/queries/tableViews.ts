/** Saved table views. */
import type { CrmDatabase } from '../database.ts';
import type { TableViewRow } from '../rows.ts';

export async function viewsOfTable(db: CrmDatabase, tableName: string): Promise<TableViewRow[]> {
  return (await db.table_views.where('table_name').equals(tableName).toArray()) as TableViewRow[];
}
