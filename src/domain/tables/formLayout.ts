/**
 * Form view: the fields a form may show for each table that has a form builder, the order an admin
 * chose, and turning what was typed into a change the shared schemas accept (with the schemas'
 * messages per field).
 */
import type { z } from 'zod';
import { ACCESS_LEVELS, SETTER_CLOSER_TYPES } from '../roles.ts';
import { type RecordTable, recordFieldsSchema } from '../schemas/records.ts';
import { userAddSchema, userEditSchema } from '../schemas/user.ts';

export const FORM_TABLES = ['teams', 'users', 'products', 'sales_channels', 'orgs'] as const;
export type FormTable = (typeof FORM_TABLES)[number];

export type FormFieldType = 'text' | 'email' | 'number' | 'boolean' | 'date' | 'select' | 'user' | 'region';

export interface FormField {
  key: string;
  type: FormFieldType;
  /** An empty answer is saved as null. */
  nullable?: boolean;
  options?: readonly string[];
}

const FIELDS: Record<FormTable, FormField[]> = {
  teams: [
    { key: 'name', type: 'text' },
    { key: 'leader_id', type: 'user', nullable: true },
    { key: 'region_id', type: 'region', nullable: true },
  ],
  products: [
    { key: 'name', type: 'text' },
    { key: 'category', type: 'text', nullable: true },
    { key: 'price', type: 'number', nullable: true },
    { key: 'active', type: 'boolean' },
  ],
  sales_channels: [{ key: 'name', type: 'text' }],
  orgs: [{ key: 'name', type: 'text' }],
  users: [
    { key: 'name', type: 'text' },
    { key: 'first_name', type: 'text', nullable: true },
    { key: 'last_name', type: 'text', nullable: true },
    { key: 'email', type: 'email' },
    { key: 'phone', type: 'text' },
    { key: 'access_level', type: 'select', options: ACCESS_LEVELS },
    { key: 'setter_closer', type: 'select', options: SETTER_CLOSER_TYPES, nullable: true },
    { key: 'active', type: 'boolean' },
    { key: 'start_date', type: 'date', nullable: true },
  ],
};

export function isFormTable(table: string): table is FormTable {
  return (FORM_TABLES as readonly string[]).includes(table);
}

export function formFieldsOf(table: FormTable): FormField[] {
  return FIELDS[table];
}

/** The saved order of fields, keeping only fields the table has; all of them when none is saved. */
export function resolveFormFields(table: FormTable, saved: unknown): FormField[] {
  const all = FIELDS[table];
  if (!Array.isArray(saved)) return all;
  const byKey = new Map(all.map((f) => [f.key, f]));
  const chosen: FormField[] = [];
  for (const key of saved) {
    const field = typeof key === 'string' ? byKey.get(key) : undefined;
    if (field && !chosen.includes(field)) chosen.push(field);
  }
  return chosen;
}

/** Moves a key one place up (-1) or down (+1); unchanged at the ends. */
export function moveFormField(keys: readonly string[], key: string, direction: -1 | 1): string[] {
  const from = keys.indexOf(key);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= keys.length) return [...keys];
  const next = [...keys];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

/** Shows or hides a field; a shown field goes where the table's own order puts it among the chosen. */
export function toggleFormField(table: FormTable, keys: readonly string[], key: string): string[] {
  if (keys.includes(key)) return keys.filter((k) => k !== key);
  if (!FIELDS[table].some((f) => f.key === key)) return [...keys];
  return [...keys, key];
}

/** What a form input holds: text for text-like fields, a flag for checkboxes. */
export type FormValue = string | boolean;

/** The value a record's field shows in its input. */
export function inputValue(field: FormField, stored: unknown): FormValue {
  if (field.type === 'boolean') return stored === true;
  if (stored === null || stored === undefined) return '';
  if (field.type === 'date') return String(stored).slice(0, 10);
  return String(stored);
}

export interface FormResult {
  fields: Record<string, unknown>;
  errors: Record<string, string>;
}

/**
 * Turns inputs into the record's fields and checks them with the table's shared schema: `create`
 * needs every required field. Errors are keyed by field, with the schema's message.
 */
export function readForm(
  table: FormTable,
  shown: readonly FormField[],
  values: Record<string, FormValue>,
  create: boolean,
  id?: string,
): FormResult {
  const fields: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of shown) {
    const value = values[field.key];
    if (value === undefined) continue;
    if (field.type === 'boolean') {
      fields[field.key] = value === true;
      continue;
    }
    const text = String(value).trim();
    if (!text) {
      if (field.nullable) fields[field.key] = null;
      else fields[field.key] = text;
      continue;
    }
    if (field.type === 'number') {
      const number = Number(text);
      if (!Number.isFinite(number)) errors[field.key] = 'must be a number';
      else fields[field.key] = number;
      continue;
    }
    fields[field.key] = text;
  }
  const parsed = schemaOf(table, create).safeParse(table === 'users' && !create ? { ...fields, id } : fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      // An unknown key cannot come from the form; a missing one belongs to the first field.
      const target = shown.some((f) => f.key === key) ? key : (shown[0]?.key ?? key);
      errors[target] ??= issue.message;
    }
  }
  return { fields, errors };
}

function schemaOf(table: FormTable, create: boolean): z.ZodType {
  if (table === 'users') return create ? userAddSchema : userEditSchema;
  return recordFieldsSchema(table satisfies RecordTable, create);
}
