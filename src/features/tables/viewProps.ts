import type { EntityRow } from '../../db/database.ts';
import type { TableDefinition, ViewProperties } from '../../domain/tables/registry.ts';

/** What the table screen hands each view type. */
export interface TableViewProps {
  table: TableDefinition;
  /** Already filtered and sorted. */
  rows: EntityRow[];
  /** The table_views row shown. */
  view: EntityRow;
  updateView(properties: Partial<ViewProperties>): void;
  openRow(id: string): void;
}
