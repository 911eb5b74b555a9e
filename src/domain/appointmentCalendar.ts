/**
 * The appointments calendar: which days a day, week or month view shows, where appointments fall
 * in it, which of a rep's appointments are double booked, and moving one to another start.
 * Days are local calendar days written `YYYY-MM-DD`; weeks start on Monday. An appointment with
 * no (or an unusable) end lasts one hour.
 */
import { splitAppointmentDate } from './appointmentDate.ts';
import { addDays, addMonths, dateOfDayKey, dayKeyOfDate } from './tables/calendar.ts';

export { dayKeyOf } from './tables/calendar.ts';

export type CalendarMode = 'day' | 'week' | 'month';
export const CALENDAR_MODES: readonly CalendarMode[] = ['day', 'week', 'month'];

/** An appointment missing its end lasts this long. */
export const DEFAULT_DURATION_MS = 60 * 60 * 1000;

/** The fields of an appointment the calendar reads. */
export interface CalendarAppointment {
  _id: string;
  user_id?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  status?: string | null;
}

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** The Monday of the week `day` is in. */
export function weekStart(day: string): string {
  const weekday = (dateOfDayKey(day).getDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The days a view of `mode` around `day` shows, in order: one day, Monday–Sunday, or whole weeks
 * covering the month (from the Monday on or before the 1st to the Sunday on or after its last day). */
export function visibleDays(mode: CalendarMode, day: string): string[] {
  if (!DAY_KEY.test(day)) return [];
  if (mode === 'day') return [day];
  if (mode === 'week') {
    const first = weekStart(day);
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  const firstOfMonth = `${day.slice(0, 7)}-01`;
  const d = dateOfDayKey(firstOfMonth);
  const lastOfMonth = dayKeyOfDate(new Date(d.getFullYear(), d.getMonth() + 1, 0, 12));
  const first = weekStart(firstOfMonth);
  const last = addDays(weekStart(lastOfMonth), 6);
  const days: string[] = [];
  for (let cur = first; cur <= last; cur = addDays(cur, 1)) days.push(cur);
  return days;
}

/** The range a view shows: its first and last day, and the instants it runs between (end excluded). */
export function visibleRange(
  mode: CalendarMode,
  day: string,
): { first: string; last: string; from: Date; to: Date } {
  const days = visibleDays(mode, day);
  const first = days[0] ?? day;
  const last = days[days.length - 1] ?? day;
  const from = dateOfDayKey(first);
  from.setHours(0, 0, 0, 0);
  const to = dateOfDayKey(addDays(last, 1));
  to.setHours(0, 0, 0, 0);
  return { first, last, from, to };
}

/** The day the previous or next view starts from. */
export function stepDay(mode: CalendarMode, day: string, direction: -1 | 1): string {
  if (mode === 'day') return addDays(day, direction);
  if (mode === 'week') return addDays(day, 7 * direction);
  return addMonths(day, direction);
}

/** An appointment's start and end instants (ms); undefined without a usable start. */
export function interval(a: CalendarAppointment): { start: number; end: number } | undefined {
  const start = typeof a.start_time === 'string' ? Date.parse(a.start_time) : Number.NaN;
  if (Number.isNaN(start)) return undefined;
  const end = typeof a.end_time === 'string' ? Date.parse(a.end_time) : Number.NaN;
  return { start, end: Number.isNaN(end) || end <= start ? start + DEFAULT_DURATION_MS : end };
}

/** Appointments by the local day they start on, each day's by start time; unusable ones left out. */
export function appointmentsByDay<T extends CalendarAppointment>(
  appointments: readonly T[],
): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  const sorted = appointments
    .map((a) => ({ a, span: interval(a) }))
    .filter((x): x is { a: T; span: { start: number; end: number } } => !!x.span)
    .sort((x, y) => x.span.start - y.span.start);
  for (const { a, span } of sorted) {
    const key = dayKeyOfDate(new Date(span.start));
    const list = byDay.get(key);
    if (list) list.push(a);
    else byDay.set(key, [a]);
  }
  return byDay;
}

/** The local hour (0–23) an appointment starts in, the slot of day and week views. */
export function hourSlot(a: CalendarAppointment): number | undefined {
  const span = interval(a);
  return span ? new Date(span.start).getHours() : undefined;
}

const isCancelled = (a: CalendarAppointment) => String(a.status ?? '').toLowerCase() === 'cancelled';

/**
 * The ids of appointments that overlap another appointment of the same rep, neither Cancelled
 * (a closer's double booking). Touching ends (one ends as the next starts) do not overlap.
 */
export function doubleBookings(appointments: readonly CalendarAppointment[]): Set<string> {
  const byUser = new Map<string, { id: string; start: number; end: number }[]>();
  for (const a of appointments) {
    if (!a.user_id || isCancelled(a)) continue;
    const span = interval(a);
    if (!span) continue;
    const list = byUser.get(a.user_id) ?? [];
    list.push({ id: a._id, ...span });
    byUser.set(a.user_id, list);
  }
  const flagged = new Set<string>();
  for (const list of byUser.values()) {
    list.sort((x, y) => x.start - y.start);
    let latest: { id: string; end: number } | undefined;
    for (const cur of list) {
      if (latest && cur.start < latest.end) {
        flagged.add(cur.id);
        flagged.add(latest.id);
      }
      if (!latest || cur.end > latest.end) latest = { id: cur.id, end: cur.end };
    }
  }
  return flagged;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local wall time as typed: `YYYY-MM-DD HH:MM`. */
function localStamp(date: Date): string {
  return `${dayKeyOfDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The fields that move an appointment to start at `newStart`, keeping its duration (one hour when
 * it had no end); appointment_date is the new start's local date, split by the appointment date rule.
 */
export function moveAppointment(
  appointment: CalendarAppointment,
  newStart: Date,
): { start_time: string; end_time: string | null; appointment_date: string } {
  const oldStart =
    typeof appointment.start_time === 'string' ? Date.parse(appointment.start_time) : Number.NaN;
  const oldEnd = typeof appointment.end_time === 'string' ? Date.parse(appointment.end_time) : Number.NaN;
  const duration = oldEnd >= oldStart ? oldEnd - oldStart : undefined;
  const start = newStart.getTime();
  return {
    start_time: new Date(start).toISOString(),
    end_time: duration === undefined ? null : new Date(start + duration).toISOString(),
    appointment_date: splitAppointmentDate(localStamp(newStart)).date,
  };
}

/** The start an appointment dropped on `day` (and optionally an hour slot) gets: same time of day
 * unless a slot is given. */
export function droppedStart(appointment: CalendarAppointment, day: string, hour?: number): Date {
  const span = interval(appointment);
  const old = span ? new Date(span.start) : undefined;
  const d = dateOfDayKey(day);
  const h = hour ?? old?.getHours() ?? 9;
  const m = hour === undefined ? (old?.getMinutes() ?? 0) : 0;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), h, m, 0, 0);
}
