/**
 * The demo org's clock: Sunward Solar works in Phoenix, which keeps UTC−7 all year (no daylight
 * saving), so its days, weeks (Monday to Sunday) and working hours are plain arithmetic on UTC.
 */

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
/** Phoenix's offset from UTC, in hours. */
const PHOENIX_UTC_OFFSET = -7;

/** The Phoenix calendar day of an instant, as YYYY-MM-DD. */
export function demoDay(at: Date | number): string {
  return new Date(new Date(at).getTime() + PHOENIX_UTC_OFFSET * HOUR_MS).toISOString().slice(0, 10);
}

/** The instant of a time of day in Phoenix on a day (YYYY-MM-DD). */
export function demoTime(day: string, hour: number, minute = 0): Date {
  return new Date(
    Date.parse(`${day}T00:00:00Z`) + (hour - PHOENIX_UTC_OFFSET) * HOUR_MS + minute * MINUTE_MS,
  );
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The Monday of the Phoenix week (Monday to Sunday) that holds `now`. */
export function demoWeekStart(now: Date): string {
  const today = demoDay(now);
  return addDays(today, -weekdayOf(today));
}
