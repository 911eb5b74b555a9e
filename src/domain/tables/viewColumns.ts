/**
 * Which columns of a table a view reads: the table screens read only those from the device's row
 * index (src/db/rowIndex.ts), which keeps {@link listedColumnsOf} of every listed table.
 */
import { boardFields } from './board.ts';
import { calendarFields } from './calendar.ts';
import { formFieldsOf, isFormTable } from './formLayout.ts';
import type { TableDefinition, ViewProperties } from './registry.ts';

/** Not-yet-synced mark, and the pictures a gallery shows. */
const EXTRA = ['pending', 'image', 'pfp'];

/** What a lead's board card shows besides its title. */
const CONTACT_CARD = ['address', 'deal_stage', 'deal_stage_status', 'last_touched_at'];

/** Every column a view of the table may read: its columns, its form's fields and the extras. */
export function listedColumnsOf(table: TableDefinition): string[] {
  const keys = new Set(table.columns.map((c) => c.key));
  if (isFormTable(table.key)) for (const f of formFieldsOf(table.key)) keys.add(f.key);
  for (const extra of EXTRA) keys.add(extra);
  keys.delete('_id');
  return [...keys];
}

/**
 * The columns a view needs: shown, sorted, filtered or grouped by, the row's title and its
 * not-yet-synced mark. The other view types (board, calendar, gallery, map, form) share one wider
 * set — any field they may lane or place rows by, and what their cards show — so switching between
 * them reads nothing more; a form (of a small table) reads every column.
 */
export function viewColumnsOf(table: TableDefinition, properties: ViewProperties, grid: boolean): string[] {
  const { query } = properties;
  const keys = new Set<string>([table.titleField, 'pending', ...properties.columns]);
  for (const s of query.sort) keys.add(s.field);
  for (const f of query.filters) keys.add(f.field);
  if (query.groupBy) keys.add(query.groupBy);
  if (!grid) {
    if (isFormTable(table.key)) for (const key of listedColumnsOf(table)) keys.add(key);
    for (const key of [...EXTRA, ...table.defaultColumns, ...boardFields(table)]) keys.add(key);
    for (const f of calendarFields(table)) keys.add(f.key);
    if (table.key === 'contacts') for (const key of CONTACT_CARD) keys.add(key);
  }
  return [...keys].sort();
}
