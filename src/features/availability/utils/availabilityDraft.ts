/**
 * The availability screen's form: what it shows of a person's availability row, what is wrong with
 * what was typed, and the fields that changed (a save sends only those, so a manager's change of
 * one field and the person's own change of another both stay).
 */
import {
  APPOINTMENT_MINUTES,
  availabilityOfRow,
  type HomeBase,
  rangesProblem,
  type TimeOff,
  type TimeRange,
  WEEKDAYS,
  type Weekday,
} from '#src/domain/availability.ts';
import type { AvailabilityFields } from '#src/domain/schemas/availability.ts';

/** The home base as typed: the position as text, so a half-typed number is kept. */
export interface HomeDraft {
  address: string;
  lat: string;
  lng: string;
}

export interface AvailabilityDraft {
  weekly_hours: Record<Weekday, TimeRange[]>;
  time_off: TimeOff[];
  appointment_minutes: number;
  time_zone: string;
  home: HomeDraft;
}

export type DraftProblem =
  | { field: 'hours'; day: Weekday; problem: 'time' | 'order' | 'overlap' }
  | { field: 'home' };

/** The form of a person's row (or of a person without one, in the device's time zone). */
export function draftOf(row: Record<string, unknown> | undefined, deviceZone: string): AvailabilityDraft {
  const availability = availabilityOfRow(row ?? { time_zone: deviceZone });
  const home = availability.home_base;
  return {
    weekly_hours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, (availability.weekly_hours[day] ?? []).map((r) => ({ ...r }))]),
    ) as Record<Weekday, TimeRange[]>,
    time_off: availability.time_off.map((off) => ({ ...off })),
    appointment_minutes: availability.appointment_minutes,
    time_zone: availability.time_zone,
    home: home
      ? { address: home.address ?? '', lat: String(home.lat), lng: String(home.lng) }
      : { address: '', lat: '', lng: '' },
  };
}

const number = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The home base typed: none (both position fields empty), one, or undefined when it is not one. */
export function homeBaseOf(home: HomeDraft): HomeBase | null | undefined {
  const lat = number(home.lat);
  const lng = number(home.lng);
  if (lat === null && lng === null) return null;
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { address: home.address.trim() || null, lat, lng };
}

/** What stops the form from being saved, one problem per weekday or field. */
export function draftProblems(draft: AvailabilityDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  for (const day of WEEKDAYS) {
    const problem = rangesProblem(draft.weekly_hours[day]);
    if (problem) problems.push({ field: 'hours', day, problem });
  }
  if (homeBaseOf(draft.home) === undefined) problems.push({ field: 'home' });
  return problems;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the weekdays that have hours, as the row keeps them. */
function storedHours(hours: Record<Weekday, TimeRange[]>) {
  return Object.fromEntries(WEEKDAYS.filter((d) => hours[d].length).map((d) => [d, hours[d]]));
}

/**
 * The fields of the form that differ from the row (every field for a person without one), as an
 * `availability.save.v1` sends them. Call only on a form without {@link draftProblems}.
 */
export function changedFields(
  draft: AvailabilityDraft,
  row: Record<string, unknown> | undefined,
  deviceZone: string,
): AvailabilityFields {
  const before = draftOf(row, deviceZone);
  const fields: AvailabilityFields = {};
  const hours = storedHours(draft.weekly_hours);
  if (!row || !same(hours, storedHours(before.weekly_hours))) fields.weekly_hours = hours;
  const timeOff = draft.time_off.map(({ id, from, to, note }) => ({
    id,
    from,
    to,
    note: note?.trim() || null,
  }));
  if (
    !row ||
    !same(
      timeOff,
      before.time_off.map(({ id, from, to, note }) => ({ id, from, to, note: note ?? null })),
    )
  )
    fields.time_off = timeOff;
  if (!row || draft.appointment_minutes !== before.appointment_minutes)
    fields.appointment_minutes = Math.min(
      APPOINTMENT_MINUTES.max,
      Math.max(APPOINTMENT_MINUTES.min, Math.round(draft.appointment_minutes)),
    );
  if (!row || draft.time_zone !== before.time_zone) fields.time_zone = draft.time_zone;
  const home = homeBaseOf(draft.home);
  if (home !== undefined && (!row || !same(home, homeBaseOf(before.home)))) fields.home_base = home;
  return fields;
}
