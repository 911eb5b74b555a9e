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

/*
 * A row's own controls and text are plain elements styled from the theme's variables, not
 * Mantine components: a screen of rows is a few hundred of them, drawn at every opening and
 * scroll, and a component each costs a phone several milliseconds.
 */

/** A cell's text: one line, cut with an ellipsis (Mantine's `Text size="sm" truncate`). */
export const cellTextStyle = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height-sm)',
} as const;

/** A row's selection checkbox (the size of Mantine's `xs`), in the theme's primary colour. */
export const rowCheckboxStyle = {
  width: 16,
  height: 16,
  margin: 0,
  verticalAlign: 'middle',
  cursor: 'pointer',
  accentColor: 'var(--mantine-primary-color-filled)',
} as const;

/** A select inside a cell (the size and look of Mantine's `NativeSelect size="xs"`). */
export const cellSelectStyle = {
  width: '100%',
  height: 30,
  padding: '0 4px',
  fontSize: 'var(--mantine-font-size-xs)',
  fontFamily: 'inherit',
  color: 'var(--mantine-color-text)',
  background: 'var(--mantine-color-default)',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-default)',
  cursor: 'pointer',
} as const;
