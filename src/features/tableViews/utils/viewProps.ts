import type { TableRow, TableViewRow } from '#src/db/rows.ts';
import type { TableDefinition, ViewProperties } from '#src/domain/tables/registry.ts';

/**
 * What the table screen hands every view type (board, calendar, gallery, map, form): the table,
 * its rows already filtered and sorted by the view's query, the `table_views` row, a way to change
 * the view's properties (saved like any other view change) and to open a row.
 */
export interface TableViewProps {
  table: TableDefinition;
  rows: TableRow[];
  view: TableViewRow;
  /** Whether the signed-in user may change this view (false for others' global views). */
  readOnly?: boolean;
  updateView(properties: Partial<ViewProperties>): void;
  openRow(id: string): void;
}
