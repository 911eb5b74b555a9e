/**
 * The table registry: which data tables the table screen shows, their columns and how a saved
 * view's properties are shaped.
 */
import type { TableKey } from '../schemas/records.ts';

export type ColumnType =
  | 'text'
  | 'number'
  | 'currency'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'select'
  | 'user'
  | 'users'
  | 'team'
  | 'region'
  | 'status'
  | 'stage'
  | 'email'
  | 'phone'
  | 'json';

export interface ColumnDefinition {
  key: string;
  label: string;
  type: ColumnType;
  options?: readonly string[];
  width?: number;
  editable?: boolean;
}

export interface TableDefinition {
  key: TableKey;
  label: string;
  path: string;
  dexieTable: string;
  columns: ColumnDefinition[];
  defaultColumns: string[];
  titleField: string;
  formBuilder: boolean;
}

/** What a table view row keeps in `properties`. */
export interface ViewProperties {
  query?: unknown;
  columns?: string[];
  widths?: Record<string, number>;
  boardField?: string;
  calendarField?: string;
  formFields?: string[];
}
