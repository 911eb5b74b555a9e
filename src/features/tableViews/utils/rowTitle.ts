import type { TableRow } from '#src/db/rows.ts';
import type { TableDefinition } from '#src/domain/tables/registry.ts';

/** The text a row is known by: its table's title field. */
export function rowTitle(row: TableRow, table: TableDefinition): string {
  const value = row[table.titleField];
  return value === null || value === undefined ? '' : String(value);
}
