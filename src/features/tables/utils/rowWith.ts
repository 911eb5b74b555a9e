import type { TableRow } from '#src/db/rows.ts';

/**
 * A copy of a table row with `fields` set over it. A row of the row index keeps its columns as
 * getters on its prototype (src/db/rowIndexState.ts), which an object spread leaves behind: this
 * copies every enumerable field, its own and the index's.
 */
export function rowWith(row: TableRow, fields: Record<string, unknown>): TableRow {
  const copy: Record<string, unknown> = {};
  for (const key in row) copy[key] = row[key];
  return Object.assign(copy, fields) as TableRow;
}
