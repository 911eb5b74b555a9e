/** Saved table views. */
import type { CrmDatabase } from '../database.ts';
import type { TableViewRow } from '../rows.ts';

/**
 * The views of a table this user may use: the global ones and their own. A view once global keeps
 * reaching every device (so taking it back reaches them too); it is listed only while global.
 */
export async function viewsOfTable(
  db: CrmDatabase,
  tableName: string,
  userId: string,
): Promise<TableViewRow[]> {
  const rows = (await db.table_views.where('table_name').equals(tableName).toArray()) as TableViewRow[];
  return rows.filter((row) => row.global === true || !row.created_by || row.created_by === userId);
}
