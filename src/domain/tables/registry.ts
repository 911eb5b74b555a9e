/**
 * The table registry of SPEC section 2: every data table the app lists, at which path, with the
 * columns its entity has (SPEC section 3 and the server schema). The generic table screen, the
 * saved views and the other view types (board, calendar, gallery, map, form) all read this.
 *
 * A saved view (`table_views` row) keeps its settings in `properties`, shaped as
 * {@link ViewProperties}:
 * - `query`: the filters, match mode, sort, quick search and grouping ({@link ViewQuery});
 * - `columns`: the visible columns, in their order;
 * - `widths`: column widths in pixels, by column key;
 * - `boardField`: the column a board groups its lanes by (a select/status/stage/user/team column);
 * - `calendarField`: the date column a calendar places rows on;
 * - `formFields`: the fields a form view shows, in order.
 */

import { FINANCING_OPTIONS } from '../deal.ts';
import { type Action, type Actor, can, scopeOf } from '../permissions.ts';
import { CONTACT_DATE_FIELDS } from '../schemas/lead.ts';
import { NOTE_TYPES, TABLE_KEYS, type TableKey } from '../schemas/records.ts';
import type { SortRule, ViewQuery } from './viewQuery.ts';

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
  | 'json'
  /** A survey template's id, shown as its name. */
  | 'template'
  /** A survey's answers, shown as how many were given. */
  | 'answers';

export interface ColumnDefinition {
  key: string;
  label: string;
  type: ColumnType;
  /** The choices of a select column. */
  options?: readonly string[];
  /** Starting width in pixels. */
  width?: number;
  /** Whether the table lets the user change the value in place. */
  editable?: boolean;
  /** A time shown as how long ago it was ('2 min ago'), as on the row's own page. */
  relative?: boolean;
}

export interface TableDefinition {
  key: TableKey;
  label: string;
  /** The list screen's path, e.g. `/sales-channels`. */
  path: string;
  /** The device (Dexie) table its rows live in. */
  dexieTable: string;
  columns: ColumnDefinition[];
  /** Columns a new view shows, in order. */
  defaultColumns: string[];
  /** The column that names a row (link text, card title). */
  titleField: string;
  /** Whether the table offers a form view with a form builder (SPEC section 2). */
  formBuilder: boolean;
  /** What a user needs to add rows to this table. */
  canCreate?: Action;
  /** How a new view sorts (none: the device's order). */
  defaultSort?: SortRule[];
}

export interface ViewProperties {
  query: ViewQuery;
  columns: string[];
  widths: Record<string, number>;
  boardField?: string;
  calendarField?: string;
  formFields?: string[];
}

const audit: ColumnDefinition[] = [
  { key: 'created_at', label: 'Created', type: 'datetime', width: 170 },
  { key: 'created_by', label: 'Created by', type: 'user', width: 160 },
  { key: 'updated_at', label: 'Updated', type: 'datetime', width: 170 },
  { key: 'updated_by', label: 'Updated by', type: 'user', width: 160 },
];

const contactDateColumns: ColumnDefinition[] = Object.entries(CONTACT_DATE_FIELDS).map(([label, key]) => ({
  key,
  label,
  type: 'date',
  width: 140,
}));

const contacts: TableDefinition = {
  key: 'contacts',
  label: 'CRM',
  path: '/contacts',
  dexieTable: 'contacts',
  titleField: 'name',
  formBuilder: false,
  canCreate: 'contacts.create',
  columns: [
    { key: 'name', label: 'Name', type: 'text', width: 220 },
    { key: 'first_name', label: 'First name', type: 'text', width: 140 },
    { key: 'last_name', label: 'Last name', type: 'text', width: 140 },
    { key: 'phone', label: 'Phone', type: 'phone', width: 150 },
    { key: 'email', label: 'Email', type: 'email', width: 200 },
    { key: 'address', label: 'Address', type: 'text', width: 280 },
    { key: 'street', label: 'Street', type: 'text', width: 180 },
    { key: 'city', label: 'City', type: 'text', width: 140 },
    { key: 'state', label: 'State', type: 'text', width: 90 },
    { key: 'zip', label: 'Zip', type: 'text', width: 90 },
    { key: 'deal_stage', label: 'Stage', type: 'stage', width: 150 },
    { key: 'deal_stage_status', label: 'Status', type: 'status', width: 190, editable: true },
    { key: 'status', label: 'Lead status', type: 'text', width: 130 },
    { key: 'lead_source', label: 'Lead source', type: 'text', width: 140 },
    { key: 'owner_id', label: 'Owner', type: 'user', width: 160 },
    { key: 'energy_consultants', label: 'Energy consultants', type: 'users', width: 200 },
    { key: 'team_id', label: 'Team', type: 'team', width: 150 },
    { key: 'region_id', label: 'Region', type: 'region', width: 150 },
    ...contactDateColumns,
    { key: 'appointment_time', label: 'Appointment time', type: 'text', width: 120 },
    {
      key: 'preferred_language',
      label: 'Preferred language',
      type: 'select',
      options: ['english', 'spanish'],
      width: 140,
    },
    { key: 'property_type', label: 'Property type', type: 'text', width: 140 },
    { key: 'credit_score', label: 'Credit score', type: 'text', width: 120 },
    { key: 'new_roof', label: 'New roof', type: 'boolean', width: 100 },
    { key: 'roof_type', label: 'Roof type', type: 'text', width: 120 },
    { key: 'bill', label: 'Bill', type: 'currency', width: 110 },
    { key: 'contract_amount', label: 'Contract amount', type: 'currency', width: 140 },
    { key: 'system_size_kw', label: 'System size (kW)', type: 'number', width: 130 },
    { key: 'price_per_watt', label: 'Price per watt', type: 'currency', width: 130 },
    { key: 'financing', label: 'Financing', type: 'select', options: [...FINANCING_OPTIONS], width: 120 },
    { key: 'utility', label: 'Utility', type: 'text', width: 140 },
    { key: 'provider', label: 'Provider', type: 'text', width: 140 },
    { key: 'monthly_cost', label: 'Monthly cost', type: 'currency', width: 120 },
    { key: 'annual_cost', label: 'Annual cost', type: 'currency', width: 120 },
    { key: 'total_usage', label: 'Total usage', type: 'number', width: 120 },
    { key: 'last_touched_at', label: 'Last touched', type: 'datetime', width: 170 },
    ...audit,
  ],
  defaultColumns: ['name', 'phone', 'address', 'deal_stage_status', 'owner_id', 'updated_at'],
  // Most recently changed leads first, as a rep works through them.
  defaultSort: [{ field: 'updated_at', desc: true }],
};

const users: TableDefinition = {
  key: 'users',
  label: 'Users',
  path: '/users',
  dexieTable: 'users',
  titleField: 'name',
  formBuilder: true,
  canCreate: 'users.manage',
  columns: [
    { key: 'name', label: 'Name', type: 'text', width: 200 },
    { key: 'first_name', label: 'First name', type: 'text', width: 140 },
    { key: 'last_name', label: 'Last name', type: 'text', width: 140 },
    { key: 'email', label: 'Email', type: 'email', width: 220 },
    { key: 'phone', label: 'Phone', type: 'phone', width: 150 },
    {
      key: 'access_level',
      label: 'Access level',
      type: 'select',
      options: ['Guest', 'User', 'Manager', 'Admin'],
      width: 130,
    },
    {
      key: 'setter_closer',
      label: 'Setter / closer',
      type: 'select',
      options: ['setter', 'closer', 'setter_closer'],
      width: 140,
    },
    { key: 'active', label: 'Active', type: 'boolean', width: 90 },
    { key: 'status', label: 'Status', type: 'boolean', width: 90 },
    { key: 'start_date', label: 'Start date', type: 'date', width: 130 },
    { key: 'source', label: 'Source', type: 'text', width: 130 },
    { key: 'last_active', label: 'Last active', type: 'datetime', width: 170, relative: true },
    { key: 'monthly_sales', label: 'Monthly sales', type: 'number', width: 120 },
    { key: 'total_sales', label: 'Total sales', type: 'number', width: 120 },
    { key: 'active_deals', label: 'Active deals', type: 'number', width: 120 },
    ...audit,
  ],
  defaultColumns: [
    'name',
    'email',
    'phone',
    'access_level',
    'active',
    'last_active',
    'active_deals',
    'monthly_sales',
  ],
};

const teams: TableDefinition = {
  key: 'teams',
  label: 'Teams',
  path: '/teams',
  dexieTable: 'teams',
  titleField: 'name',
  formBuilder: true,
  canCreate: 'teams.manage',
  columns: [
    { key: 'name', label: 'Name', type: 'text', width: 220 },
    { key: 'leader_id', label: 'Leader', type: 'user', width: 170 },
    { key: 'region_id', label: 'Region', type: 'region', width: 160 },
    { key: 'active_deals', label: 'Active deals', type: 'number', width: 120 },
    { key: 'monthly_sales', label: 'Monthly sales', type: 'number', width: 120 },
    { key: 'total_sales', label: 'Total sales', type: 'number', width: 120 },
    ...audit,
  ],
  defaultColumns: ['name', 'leader_id', 'region_id', 'active_deals', 'monthly_sales', 'updated_at'],
};

const regions: TableDefinition = {
  key: 'regions',
  label: 'Regions',
  path: '/regions',
  dexieTable: 'regions',
  titleField: 'name',
  formBuilder: false,
  canCreate: 'regions.manage',
  columns: [
    { key: 'name', label: 'Name', type: 'text', width: 220 },
    { key: 'color', label: 'Colour', type: 'text', width: 110 },
    { key: 'manager_ids', label: 'Managers', type: 'users', width: 220 },
    { key: 'geometry', label: 'Area', type: 'json', width: 160 },
    ...audit,
  ],
  defaultColumns: ['name', 'color', 'manager_ids', 'updated_at'],
};

const notes: TableDefinition = {
  key: 'notes',
  label: 'Notes',
  path: '/notes',
  dexieTable: 'notes',
  titleField: 'subject',
  formBuilder: false,
  canCreate: 'contacts.status',
  columns: [
    { key: 'subject', label: 'Subject', type: 'text', width: 220 },
    { key: 'body', label: 'Body', type: 'text', width: 320 },
    { key: 'type', label: 'Type', type: 'select', options: NOTE_TYPES, width: 120 },
    { key: 'lead_id', label: 'Lead', type: 'text', width: 200 },
    ...audit,
  ],
  defaultColumns: ['subject', 'body', 'type', 'created_by', 'created_at'],
};

const products: TableDefinition = {
  key: 'products',
  label: 'Products',
  path: '/products',
  dexieTable: 'products',
  titleField: 'name',
  formBuilder: true,
  canCreate: 'products.manage',
  columns: [
    { key: 'name', label: 'Name', type: 'text', width: 220 },
    { key: 'legacy_id', label: 'Product id', type: 'number', width: 110 },
    { key: 'category', label: 'Category', type: 'text', width: 160 },
    { key: 'price', label: 'Price', type: 'currency', width: 120 },
    { key: 'active', label: 'Active', type: 'boolean', width: 90 },
    ...audit,
  ],
  defaultColumns: ['name', 'category', 'price', 'active'],
};

const salesChannels: TableDefinition = {
  key: 'sales_channels',
  label: 'Sales Channels',
  path: '/sales-channels',
  dexieTable: 'sales_channels',
  titleField: 'name',
  formBuilder: true,
  canCreate: 'salesChannels.manage',
  columns: [{ key: 'name', label: 'Name', type: 'text', width: 240 }, ...audit],
  defaultColumns: ['name', 'created_at', 'updated_at'],
};

const orgs: TableDefinition = {
  key: 'orgs',
  label: 'Organizations',
  path: '/orgs',
  dexieTable: 'orgs',
  titleField: 'name',
  formBuilder: true,
  canCreate: 'settings.manage',
  columns: [
    { key: 'name', label: 'Name', type: 'text', width: 240 },
    { key: 'id', label: 'Org id', type: 'number', width: 100 },
    { key: 'parent_id', label: 'Parent org', type: 'number', width: 110 },
    { key: 'created_at', label: 'Created', type: 'datetime', width: 170 },
    { key: 'updated_at', label: 'Updated', type: 'datetime', width: 170 },
  ],
  defaultColumns: ['name', 'id', 'parent_id', 'updated_at'],
};

const media: TableDefinition = {
  key: 'media',
  label: 'Media',
  path: '/media',
  dexieTable: 'media',
  titleField: 'name',
  formBuilder: false,
  canCreate: 'contacts.status',
  columns: [
    { key: 'name', label: 'Name', type: 'text', width: 220 },
    { key: 'mimetype', label: 'Type', type: 'text', width: 140 },
    { key: 'size', label: 'Size (bytes)', type: 'number', width: 120 },
    { key: 'url', label: 'Address', type: 'text', width: 240 },
    { key: 'lead_id', label: 'Lead', type: 'text', width: 200 },
    ...audit,
  ],
  defaultColumns: ['name', 'mimetype', 'size', 'created_by', 'created_at'],
};

const surveys: TableDefinition = {
  key: 'surveys',
  label: 'Surveys',
  path: '/surveys',
  dexieTable: 'surveys',
  titleField: 'template_id',
  formBuilder: false,
  // Surveys are filled from a lead's page (src/features/surveys), not added from the list.
  columns: [
    { key: 'template_id', label: 'Template', type: 'template', width: 200 },
    { key: 'lead_id', label: 'Lead', type: 'text', width: 200 },
    { key: 'responses', label: 'Responses', type: 'answers', width: 140 },
    { key: 'template_revision', label: 'Revision', type: 'number', width: 100 },
    { key: 'status', label: 'Status', type: 'text', width: 120 },
    { key: 'completed_at', label: 'Completed', type: 'datetime', width: 170 },
    ...audit,
  ],
  defaultColumns: ['template_id', 'lead_id', 'responses', 'template_revision', 'completed_at'],
};

const surveyTemplates: TableDefinition = {
  key: 'survey_templates',
  label: 'Survey Templates',
  path: '/survey-templates',
  dexieTable: 'survey_templates',
  titleField: 'name',
  formBuilder: false,
  canCreate: 'settings.manage',
  columns: [
    { key: 'name', label: 'Name', type: 'text', width: 240 },
    { key: 'description', label: 'Description', type: 'text', width: 240 },
    { key: 'revision', label: 'Revision', type: 'number', width: 100 },
    { key: 'archived', label: 'Archived', type: 'boolean', width: 100 },
    ...audit,
  ],
  defaultColumns: ['name', 'revision', 'archived', 'updated_at'],
};

export const TABLES: Record<TableKey, TableDefinition> = {
  contacts,
  teams,
  users,
  regions,
  notes,
  products,
  sales_channels: salesChannels,
  orgs,
  media,
  surveys,
  survey_templates: surveyTemplates,
};

/** What a user needs to see a table's tab (and its rows on the device). */
const READ_ACTION: Record<TableKey, Action> = {
  contacts: 'contacts.read',
  teams: 'teams.read',
  users: 'users.read',
  regions: 'regions.read',
  notes: 'contacts.read',
  products: 'products.read',
  sales_channels: 'salesChannels.read',
  orgs: 'settings.manage',
  media: 'contacts.read',
  surveys: 'contacts.read',
  survey_templates: 'settings.manage',
};

/** The tables whose tabs the actor sees, in registry order (Guests see none). */
export function tablesForRole(actor: Actor): TableDefinition[] {
  return TABLE_KEYS.filter((key) => canListTable(actor, key)).map((key) => TABLES[key]);
}

/** Whether the actor sees a table's list (a list of one's own user record is no list). */
export function canListTable(actor: Actor, key: TableKey): boolean {
  const action = READ_ACTION[key];
  return key === 'users' ? scopeOf(actor, action) === 'org' : can(actor, action);
}

/** Tables whose rows open on a record page of their own (`<path>/{id}`, `<path>/new`). */
export const RECORD_PAGE_TABLES = ['teams', 'products', 'sales_channels', 'orgs'] as const;
export type RecordPageTable = (typeof RECORD_PAGE_TABLES)[number];

/** Tables whose rows only the service operator adds and removes (the server refuses anyone else). */
const OPERATOR_ROWS: ReadonlySet<string> = new Set(['orgs']);

/** Whether rows of the table may be added and deleted from the app (by those who may manage it). */
export function rowsComeAndGo(key: string): boolean {
  return !OPERATOR_ROWS.has(key);
}

/**
 * Tables whose rows open on a page of their own feature instead (regions: src/features/regions;
 * survey templates and surveys: src/features/surveys).
 */
const OWN_PAGE_TABLES: ReadonlySet<string> = new Set(['regions', 'survey_templates', 'surveys']);

/** Whether the table's rows open on a page (`<path>/{id}`, `<path>/new`) rather than in a drawer. */
export function hasRecordPage(key: string): boolean {
  return (RECORD_PAGE_TABLES as readonly string[]).includes(key) || OWN_PAGE_TABLES.has(key);
}

/** The table listed at a path, if any. */
export function tableAtPath(path: string): TableDefinition | undefined {
  return Object.values(TABLES).find((table) => table.path === path);
}

/** A new view's properties: the table's default columns, no filters, no sort. */
export function defaultViewProperties(table: TableDefinition): ViewProperties {
  return {
    query: { filters: [], match: 'all', sort: table.defaultSort ? [...table.defaultSort] : [], search: '' },
    columns: [...table.defaultColumns],
    widths: {},
  };
}

/** Reads a stored view's properties, falling back to defaults for anything missing or malformed. */
export function readViewProperties(table: TableDefinition, stored: unknown): ViewProperties {
  const base = defaultViewProperties(table);
  if (!stored || typeof stored !== 'object') return base;
  const p = stored as Partial<ViewProperties>;
  const known = new Set(table.columns.map((c) => c.key));
  const q = (p.query ?? {}) as Partial<ViewQuery>;
  return {
    ...p,
    query: {
      filters: Array.isArray(q.filters) ? q.filters.filter((f) => f && known.has(f.field)) : [],
      match: q.match === 'any' ? 'any' : 'all',
      sort: Array.isArray(q.sort) ? q.sort.filter((s) => s && known.has(s.field)) : base.query.sort,
      search: typeof q.search === 'string' ? q.search : '',
      ...(typeof q.groupBy === 'string' && known.has(q.groupBy) ? { groupBy: q.groupBy } : {}),
    },
    columns: Array.isArray(p.columns) ? p.columns.filter((c) => known.has(c)) : base.columns,
    widths: p.widths && typeof p.widths === 'object' ? p.widths : {},
  };
}

export type { TableKey };
