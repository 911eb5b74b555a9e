/**
 * The editable fields of a record page: the fields a record command takes (RECORD_FIELDS) that the
 * table shows as plain text, numbers, a switch or a pick of a user or region, and the values a
 * form holds turned back into what the command takes.
 */
import { RECORD_FIELDS, type RecordTable } from '#src/domain/schemas/records.ts';
import type { ColumnDefinition, TableDefinition } from '#src/domain/tables/registry.ts';

const FORM_TYPES = new Set(['text', 'number', 'currency', 'boolean', 'user', 'region']);

/** Columns picked from a list of records (a team's leader, its region). */
export const PICKED_TYPES = new Set(['user', 'region']);

export type { RecordPageTable } from '#src/domain/tables/registry.ts';

export function editableColumns(table: TableDefinition & { key: RecordTable }): ColumnDefinition[] {
  const fields = RECORD_FIELDS[table.key] as Record<string, unknown>;
  return table.columns.filter((c) => c.key in fields && FORM_TYPES.has(c.type));
}

export type FormValues = Record<string, string | boolean>;

/** What a form shows for a row (empty for a new record). */
export function formValuesOf(
  columns: readonly ColumnDefinition[],
  row: Record<string, unknown> | undefined,
): FormValues {
  const out: FormValues = {};
  for (const c of columns) {
    const v = row?.[c.key];
    out[c.key] = c.type === 'boolean' ? v === true : v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/**
 * The fields that changed, as the command takes them: text trimmed, an empty number as null, a
 * number as typed (the shared schema says what is wrong with it).
 */
export function changedFields(
  columns: readonly ColumnDefinition[],
  before: FormValues,
  after: FormValues,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const value = after[c.key];
    if (value === before[c.key]) continue;
    if (c.type === 'boolean') out[c.key] = value === true;
    else if (PICKED_TYPES.has(c.type)) out[c.key] = value === '' ? null : value;
    else if (c.type === 'number' || c.type === 'currency') {
      const text = String(value ?? '').trim();
      out[c.key] = text === '' ? null : Number.isFinite(Number(text)) ? Number(text) : text;
    } else out[c.key] = String(value ?? '').trim();
  }
  return out;
}
