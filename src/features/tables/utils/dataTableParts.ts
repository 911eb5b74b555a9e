import type { RowSelectionState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { TableRow } from '#src/db/rows.ts';
import type { ColumnDefinition, TableDefinition, ViewProperties } from '#src/domain/tables/registry.ts';
import type { DisplayValue } from '../hooks/useDisplay.ts';

export interface DataTableProps {
  table: TableDefinition;
  /** The rows of the view, filtered and sorted. */
  rows: TableRow[];
  properties: ViewProperties;
  readOnly: boolean;
  display: DisplayValue;
  /** The table's accessible name. */
  label: string;
  /** Where the grid was scrolled to, kept by the screen so a kept-alive screen comes back there. */
  scrollTop: { current: number };
  selection: RowSelectionState;
  onSelectionChange(selection: RowSelectionState): void;
  onChange(patch: Partial<ViewProperties>): void;
  openRow(id: string): void;
  /** Cells a table shows its own way (a lead's name link, its status select). */
  renderCell?: (column: ColumnDefinition, row: TableRow) => ReactNode | undefined;
}

/** The grid's fixed row height, which the virtualiser counts on. */
export const ROW_HEIGHT = 41;
/** The selection checkbox column. */
export const SELECT_WIDTH = 44;

/** A group's header line; rows are the rows themselves (no wrapper per row for 100,000 rows). */
export interface GroupHeader {
  groupHeader: true;
  key: string;
  count: number;
}
export type Item = GroupHeader | TableRow;
export const isGroup = (item: Item): item is GroupHeader => (item as GroupHeader).groupHeader === true;

export const cellStyle = {
  padding: '6px 8px',
  borderBottom: '1px solid var(--mantine-color-default-border)',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
} as const;
