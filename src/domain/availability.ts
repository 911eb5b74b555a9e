/**
 * A person's availability for appointments: weekly working hours (per weekday, one or more ranges
 * of local wall time), time off (whole days, from and to included), the length of one appointment,
 * the time zone the hours are in, and a home base (where 'nearest' measures from). The device and
 * the server read the same rows with these rules (src/domain/distribution.ts builds slots on them).
 *
 * - Hours are 'HH:MM' of the person's own time zone; a range runs from its start up to its end
 *   (excluded), '24:00' ends at midnight. Ranges of one day never overlap.
 * - A day is 'YYYY-MM-DD' in the person's time zone: a range's instants follow the zone's offset of
 *   that day (summer time included), so the same hours on the device and the server give the same
 *   instants, whatever zone either runs in.
 * - A day within a time off (from and to included) has no working hours.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A range of local wall time: 'HH:MM' to 'HH:MM' (end after start; '24:00' is midnight). */
export interface TimeRange {
  start: string;
  end: string;
}

export type WeeklyHours = Partial<Record<Weekday, readonly TimeRange[]>>;

/** Days off, from and to included ('YYYY-MM-DD'), with an optional note. */
export interface TimeOff {
  id: string;
  from: string;
  to: string;
  note?: string | null;
}

/** Where the person starts from: a position, and its address as they wrote it. */
export interface HomeBase {
  address?: string | null;
  lng: number;
  lat: number;
}

/** Where the person's device last was (set by the server from their synced path points). */
export interface LastPosition {
  lng: number;
  lat: number;
  at: string;
}

/** The fields of a person's availability the rules read. */
export interface Availability {
  user_id: string;
  weekly_hours: WeeklyHours;
  time_off: readonly TimeOff[];
  appointment_minutes: number;
  time_zone: string;
  home_base?: HomeBase | null;
  last_position?: LastPosition | null;
}

export const APPOINTMENT_MINUTES = { min: 15, max: 480, default: 60 } as const;
export const RANGES_PER_DAY_MAX = 6;
export const TIME_OFF_MAX = 100;

const TIME = /^(\d{2}):(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;

/** Minutes since midnight of an 'HH:MM' (00:00 to 24:00), or NaN for anything else. */
export function minutesOf(time: string): number {
  const m = TIME.exec(time);
  if (!m) return Number.NaN;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return Number.NaN;
  return hours * 60 + minutes;
}

/** Why a day's ranges cannot be kept, or undefined when they can. */
export function rangesProblem(ranges: readonly TimeRange[]): 'time' | 'order' | 'overlap' | undefined {
  const spans: [number, number][] = [];
  for (const range of ranges) {
    const start = minutesOf(range.start);
    const end = minutesOf(range.end);
    if (Number.isNaN(start) || Number.isNaN(end)) return 'time';
    if (end <= start) return 'order';
    spans.push([start, end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i++)
    if ((spans[i] as [number, number])[0] < (spans[i - 1] as [number, number])[1]) return 'overlap';
  return undefined;
}

/** Midnight UTC of a real day ('YYYY-MM-DD'), or NaN for anything else. */
const utcDay = (day: string): number => {
  const m = DAY.exec(day);
  if (!m) return Number.NaN;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(at).toISOString().slice(0, 10) === day ? at : Number.NaN;
};

/** The weekday of a day ('YYYY-MM-DD'), or undefined for anything else. */
export function weekdayOf(day: string): Weekday | undefined {
  const at = utcDay(day);
  if (Number.isNaN(at)) return undefined;
  return WEEKDAYS[(new Date(at).getUTCDay() + 6) % 7];
}

/** The day after (or `n` days after) a day. */
export function nextDay(day: string, n = 1): string {
  return new Date(utcDay(day) + n * DAY_MS).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA time zone ('America/Phoenix', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a zone, as if that wall clock were UTC (ms). */
function wallClock(at: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
}

/** The offset of a zone from UTC at an instant (ms; east positive). */
function offsetAt(at: number, timeZone: string): number {
  const whole = Math.floor(at / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

/**
 * The instant a wall time (`minutes` after midnight of `day`) happens in a zone. A wall time that a
 * change to summer time skips is taken with the offset before the change (an hour later).
 */
export function zonedInstant(day: string, minutes: number, timeZone: string): number {
  const wall = utcDay(day) + minutes * MINUTE;
  if (Number.isNaN(wall)) return Number.NaN;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (wallClock(second, timeZone) === wall) return second;
  // Neither offset gives this wall time: the clocks skipped it; take it as the later instant.
  return Math.max(first, second);
}

/** The day ('YYYY-MM-DD') an instant falls on in a zone. */
export function dayInZone(at: number, timeZone: string): string {
  return new Date(wallClock(at, timeZone)).toISOString().slice(0, 10);
}

/** Whether a day is within one of the person's time off. */
export function isTimeOff(availability: Pick<Availability, 'time_off'>, day: string): boolean {
  return availability.time_off.some((off) => off.from <= day && day <= off.to);
}

/** An interval of instants, start included, end excluded (ms). */
export interface Interval {
  start: number;
  end: number;
}

/** The person's working intervals of a day (in their zone), in time order; none on time off. */
export function workingIntervals(availability: Availability, day: string): Interval[] {
  const weekday = weekdayOf(day);
  if (!weekday || isTimeOff(availability, day)) return [];
  const ranges = availability.weekly_hours[weekday] ?? [];
  if (rangesProblem(ranges)) return [];
  return ranges
    .map((range) => ({
      start: zonedInstant(day, minutesOf(range.start), availability.time_zone),
      end: zonedInstant(day, minutesOf(range.end), availability.time_zone),
    }))
    .filter((interval) => interval.end > interval.start)
    .sort((a, b) => a.start - b.start);
}

/** Whether the person works at all in a week (some weekday has hours): they take appointments. */
export function takesAppointments(availability: Pick<Availability, 'weekly_hours'>): boolean {
  return WEEKDAYS.some((day) => (availability.weekly_hours[day]?.length ?? 0) > 0);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * A stored row (the server's, or a device's, possibly partial while only written on the device) as
 * the rules read it: what is missing takes the defaults of {@link emptyAvailability}.
 */
export function availabilityOfRow(row: Record<string, unknown>): Availability {
  const userId = String(row.user_id ?? row._id ?? '');
  const zone = typeof row.time_zone === 'string' && isTimeZone(row.time_zone) ? row.time_zone : 'UTC';
  const minutes = Number(row.appointment_minutes);
  const home = isRecord(row.home_base) ? row.home_base : null;
  const last = isRecord(row.last_position) ? row.last_position : null;
  return {
    user_id: userId,
    weekly_hours: isRecord(row.weekly_hours) ? (row.weekly_hours as WeeklyHours) : {},
    time_off: Array.isArray(row.time_off) ? (row.time_off as TimeOff[]) : [],
    appointment_minutes:
      Number.isInteger(minutes) && minutes >= APPOINTMENT_MINUTES.min && minutes <= APPOINTMENT_MINUTES.max
        ? minutes
        : APPOINTMENT_MINUTES.default,
    time_zone: zone,
    home_base:
      home && typeof home.lng === 'number' && typeof home.lat === 'number'
        ? { lng: home.lng, lat: home.lat, address: typeof home.address === 'string' ? home.address : null }
        : null,
    last_position:
      last && typeof last.lng === 'number' && typeof last.lat === 'number' && typeof last.at === 'string'
        ? { lng: last.lng, lat: last.lat, at: last.at }
        : null,
  };
}
