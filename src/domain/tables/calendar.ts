/**
 * Calendar view: rows placed on the day of one date field. Days are local calendar days written
 * `YYYY-MM-DD`; a plain date keeps its day, a date-time falls on the viewer's local day.
 */
import { CONTACT_DATE_FIELDS } from '../schemas/lead.ts';
import type { TableDefinition } from './registry.ts';

export interface CalendarField {
  key: string;
  label: string;
}

/** The date fields a table's calendar can use, first the default. */
export function calendarFields(table: TableDefinition): CalendarField[] {
  if (table.key === 'contacts')
    return Object.entries(CONTACT_DATE_FIELDS).map(([label, key]) => ({ key, label }));
  return table.columns
    .filter((c) => c.type === 'date' || c.type === 'datetime')
    .map((c) => ({ key: c.key, label: c.label }));
}

export function resolveCalendarField(table: TableDefinition, saved: unknown): string | undefined {
  const fields = calendarFields(table);
  return fields.find((f) => f.key === saved)?.key ?? fields[0]?.key;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as `YYYY-MM-DD`. */
export function dayKeyOfDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date, optionally with a wall-clock time and no zone (an appointment as typed): its own day. */
const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/** The local day a stored value falls on, or undefined when it is not a date. */
export function dayKeyOf(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!trimmed) return undefined;
    const plain = PLAIN_DAY.exec(trimmed);
    if (plain) return validDay(Number(plain[1]), Number(plain[2]), Number(plain[3]));
    const time = Date.parse(trimmed);
    return Number.isNaN(time) ? undefined : dayKeyOfDate(new Date(time));
  }
  if (typeof value === 'number' && Number.isFinite(value)) return dayKeyOfDate(new Date(value));
  if (value instanceof Date && !Number.isNaN(value.getTime())) return dayKeyOfDate(value);
  return undefined;
}

function validDay(y: number, m: number, d: number): string | undefined {
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d
    ? `${y}-${pad(m)}-${pad(d)}`
    : undefined;
}

/** Parses a `YYYY-MM-DD` key into a local date (noon, so daylight-saving shifts never change the day). */
export function dateOfDayKey(key: string): Date {
  const [y = 1970, m = 1, d = 1] = key.split('-').map(Number);
  return new Date(y, m - 1, d, 12);
}

export function addDays(key: string, days: number): string {
  const date = dateOfDayKey(key);
  date.setDate(date.getDate() + days);
  return dayKeyOfDate(date);
}

export function addMonths(key: string, months: number): string {
  const date = dateOfDayKey(key);
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1, 12);
  return dayKeyOfDate(target);
}

/** The six weeks (Sunday first) shown for the month of `anchor`. */
export function monthGrid(anchor: string): string[] {
  const date = dateOfDayKey(anchor);
  const first = new Date(date.getFullYear(), date.getMonth(), 1, 12);
  const start = addDays(dayKeyOfDate(first), -first.getDay());
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** The seven days (Sunday first) of the week of `anchor`. */
export function weekGrid(anchor: string): string[] {
  const date = dateOfDayKey(anchor);
  const start = addDays(anchor, -date.getDay());
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** Rows by day for the days from `first` to `last` (inclusive), in the rows' order. */
export function rowsByDay<Row extends Record<string, unknown>>(
  rows: readonly Row[],
  field: string,
  first: string,
  last: string,
): Map<string, Row[]> {
  const days = new Map<string, Row[]>();
  for (const row of rows) {
    const value = row[field];
    if (value === null || value === undefined || value === '') continue;
    const day = dayKeyOf(value);
    // Keys sort as strings, so the range check needs no dates.
    if (!day || day < first || day > last) continue;
    const list = days.get(day);
    if (list) list.push(row);
    else days.set(day, [row]);
  }
  return days;
}
