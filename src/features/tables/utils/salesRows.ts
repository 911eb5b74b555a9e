import type { TableRow } from '#src/db/rows.ts';
import { type SalesFigures, salesColumns } from '#src/domain/sales.ts';
import { rowWith } from './rowWith.ts';

/** The tables whose rows carry sales figures, and the contact field that credits a contact to a row. */
export const SALES_TABLES: Readonly<Record<string, 'owner_id' | 'team_id'>> = {
  users: 'owner_id',
  teams: 'team_id',
};

/**
 * Users' or teams' rows with their active deals, this month's sales and all sales as the sales
 * definition counts them (`src/domain/sales.ts`), so the columns are shown, sorted, filtered and
 * exported by them. Without the figures the rows are as they were.
 */
export function withSales(
  rows: TableRow[],
  figures: ReadonlyMap<string, SalesFigures> | undefined,
): TableRow[] {
  if (!figures) return rows;
  return rows.map((row) => rowWith(row, salesColumns(figures.get(row._id))));
}
