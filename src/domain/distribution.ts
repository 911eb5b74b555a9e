/**
 * Appointment distribution: the free slots of the people who take appointments, and which of them
 * a team's or region's rule offers first. The device offers a setter the slots of a lead's rule
 * from its synced rows (offline too); the server gives a new lead without an owner to the closer
 * its region's rule chooses. Both run these functions on the same rows.
 *
 * - A free slot is a working interval of the person's day (src/domain/availability.ts) cut into
 *   appointments of their length, back to back from the start of the interval, moved past each of
 *   their appointments (not Cancelled; without an end an appointment lasts an hour), and never
 *   before `now`. No slot overlaps one of their appointments.
 * - The cap: a person who has `daily_cap` appointments (not Cancelled) starting on a day, in their
 *   time zone, is offered no slot that day. Leads the rule gave them that day count too when the
 *   server chooses an owner for a new lead.
 * - The rule's order, among the people free at a time:
 *   - round robin: whoever the rule (or a booking) served longest ago first; never served first.
 *   - nearest: by straight-line distance from the lead's pin to where the person is
 *     ({@link rulePosition}: their device's position of the last 12 hours, else their home base,
 *     each to about a kilometre); people with neither come last. Without the lead's pin, as round robin.
 *   - ranking: by close rate over the rule's window of days ({@link closeRates}), highest first;
 *     people without appointments in the window come last.
 *   Ties go to the one with fewer appointments that day, then by user id, so every device and the
 *   server order alike.
 * - Which rule: the lead's region's, else its team's ({@link ruleFor}). A team rule's people are its
 *   members; a region rule's are the members of the teams in the region; only those who set working
 *   hours take appointments.
 */
import { interval } from './appointmentCalendar.ts';
import {
  type Availability,
  DAY_MS,
  dayInZone,
  type Interval,
  isTimeOff,
  nextDay,
  takesAppointments,
  workingIntervals,
} from './availability.ts';
import { isAppointmentOf } from './dayPlan.ts';
import { distanceMeters, type LatLng } from './knocks.ts';
import { type Actor, scopeOf } from './permissions.ts';
import type { Sale } from './sales.ts';

export const DISTRIBUTION_KINDS = ['round_robin', 'nearest', 'ranking'] as const;
export type DistributionKind = (typeof DISTRIBUTION_KINDS)[number];
export const DISTRIBUTION_SCOPES = ['team', 'region'] as const;
export type DistributionScope = (typeof DISTRIBUTION_SCOPES)[number];

export const DAILY_CAP = { min: 1, max: 50 } as const;
export const WINDOW_DAYS = { min: 7, max: 365, default: 30 } as const;
/** A device position older than this no longer says where the person is. */
export const RECENT_POSITION_MS = 12 * 60 * 60 * 1000;

/** What the rule gave one person: when last, and how many leads on their day `day`. */
export interface Given {
  at: string;
  day: string;
  count: number;
}

/** A team's or region's rule; its id is the team's or region's. */
export interface DistributionRule {
  _id: string;
  scope: DistributionScope;
  kind: DistributionKind;
  /** Appointments a person takes a day at most; null: no cap. */
  daily_cap: number | null;
  /** Days of close rate the ranking reads. */
  window_days: number;
  /** Leads the server gave by this rule, per person (kept by the server). */
  given?: Record<string, Given> | null;
  deleted_at?: string | null;
}

/** An appointment as the rules read it. */
export interface Booking {
  _id: string;
  user_id?: string | null;
  created_by?: unknown;
  start_time?: string | null;
  end_time?: string | null;
  status?: string | null;
  created_at?: string | null;
}

/** A person the rule may offer, with what the rule reads about them. */
export interface Closer {
  availability: Availability;
  /** When the rule or a booking last served them (ms), or null. */
  lastServedAt: number | null;
  /** Close rate over the rule's window, or null without appointments in it. */
  closeRate: number | null;
}

const isCancelled = (b: Booking) => String(b.status ?? '').toLowerCase() === 'cancelled';

/** The intervals a person's appointments take (not Cancelled), in time order. */
export function busyIntervals(userId: string, bookings: readonly Booking[]): Interval[] {
  const busy: Interval[] = [];
  for (const b of bookings) {
    if (isCancelled(b) || !isAppointmentOf(b, userId)) continue;
    const span = interval(b);
    if (span) busy.push(span);
  }
  return busy.sort((a, b) => a.start - b.start);
}

/** How many appointments (not Cancelled) of the person start on a day of their time zone. */
export function bookedOnDay(availability: Availability, day: string, bookings: readonly Booking[]): number {
  return busyIntervals(availability.user_id, bookings).filter(
    (span) => dayInZone(span.start, availability.time_zone) === day,
  ).length;
}

const FIVE_MINUTES = 5 * 60_000;
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** Whether the person has reached the cap on a day (appointments, and `given` leads). */
export function isCapped(
  availability: Availability,
  day: string,
  bookings: readonly Booking[],
  cap: number | null,
  given = 0,
): boolean {
  return cap !== null && bookedOnDay(availability, day, bookings) + given >= cap;
}

/** The person's free slots of a day ({@link DistributionRule} header), none when capped. */
export function freeSlots(
  availability: Availability,
  day: string,
  bookings: readonly Booking[],
  options: { now: number; cap: number | null },
): Interval[] {
  if (isCapped(availability, day, bookings, options.cap)) return [];
  const length = availability.appointment_minutes * 60_000;
  if (!(length > 0)) return [];
  const busy = busyIntervals(availability.user_id, bookings);
  const slots: Interval[] = [];
  for (const work of workingIntervals(availability, day)) {
    let start = work.start;
    while (start + length <= work.end) {
      const slot = { start, end: start + length };
      const clash = busy.find((b) => overlaps(b, slot));
      if (clash) {
        // On from the end of the appointment, at the next whole five minutes.
        start = Math.ceil(clash.end / FIVE_MINUTES) * FIVE_MINUTES;
        continue;
      }
      if (start >= options.now) slots.push(slot);
      start += length;
    }
  }
  return slots;
}

/** Why an appointment of a person at `span` does not fit their availability, or null when it does. */
export type BookingProblem = 'time_off' | 'outside_hours' | 'overlap' | 'cap';

/**
 * Whether an appointment fits the person: on a working day, within one working interval, over none
 * of their other appointments (`bookings` without this one), under the cap of its day.
 */
export function bookingProblem(
  availability: Availability,
  span: Interval,
  bookings: readonly Booking[],
  cap: number | null,
): BookingProblem | null {
  const day = dayInZone(span.start, availability.time_zone);
  if (isTimeOff(availability, day)) return 'time_off';
  if (!workingIntervals(availability, day).some((w) => w.start <= span.start && span.end <= w.end))
    return 'outside_hours';
  if (busyIntervals(availability.user_id, bookings).some((b) => overlaps(b, span))) return 'overlap';
  if (isCapped(availability, day, bookings, cap)) return 'cap';
  return null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Where the rule takes a person to be: their device's last position when it is at most
 * {@link RECENT_POSITION_MS} old, else their home base; each rounded to 0.01° (about a kilometre).
 */
export function rulePosition(availability: Availability, now: number): LatLng | null {
  const last = availability.last_position;
  const lastAt = last ? Date.parse(last.at) : Number.NaN;
  const place =
    last && now - lastAt <= RECENT_POSITION_MS && lastAt <= now + RECENT_POSITION_MS
      ? last
      : (availability.home_base ?? null);
  if (!place || !Number.isFinite(place.lat) || !Number.isFinite(place.lng)) return null;
  return { lat: round2(place.lat), lng: round2(place.lng) };
}

/** How far (metres) a person is from the lead by the rule, or null without a position. */
export function metresFrom(availability: Availability, target: LatLng | null, now: number): number | null {
  const at = rulePosition(availability, now);
  return at && target ? distanceMeters(at, target) : null;
}

type Key = (closer: Closer) => number | null;

/** Sorting key of each rule: smaller first; null after every number. */
function keyOf(kind: DistributionKind, target: LatLng | null, now: number): Key {
  if (kind === 'nearest' && target) return (c) => metresFrom(c.availability, target, now);
  if (kind === 'ranking') return (c) => (c.closeRate === null ? null : -c.closeRate);
  return (c) => c.lastServedAt ?? Number.NEGATIVE_INFINITY;
}

/**
 * The people in the rule's order ({@link DistributionRule} header); ties by appointments of `day`
 * (fewer first), then by user id.
 */
export function orderClosers(
  kind: DistributionKind,
  closers: readonly Closer[],
  context: { now: number; target: LatLng | null; day?: string; bookings?: readonly Booking[] },
): Closer[] {
  const key = keyOf(kind, context.target, context.now);
  const load = (c: Closer) =>
    context.day ? bookedOnDay(c.availability, context.day, context.bookings ?? []) : 0;
  const keyed = closers.map((c) => ({ c, k: key(c), load: load(c) }));
  keyed.sort((a, b) => {
    if (a.k !== b.k) {
      if (a.k === null) return 1;
      if (b.k === null) return -1;
      return a.k - b.k;
    }
    if (a.load !== b.load) return a.load - b.load;
    return a.c.availability.user_id < b.c.availability.user_id ? -1 : 1;
  });
  return keyed.map((x) => x.c);
}

/** One start time the rule offers, with the people free then in the rule's order. */
export interface Offer {
  start: number;
  choices: { user_id: string; end: number }[];
}

/** Every slot of `day` the rule offers, by start time, each with its people in the rule's order. */
export function offersOf(
  rule: Pick<DistributionRule, 'kind' | 'daily_cap'>,
  closers: readonly Closer[],
  context: { day: string; now: number; bookings: readonly Booking[]; target: LatLng | null },
): Offer[] {
  const ordered = orderClosers(rule.kind, closers, context);
  const byStart = new Map<number, Offer>();
  for (const closer of ordered) {
    const slots = freeSlots(closer.availability, context.day, context.bookings, {
      now: context.now,
      cap: rule.daily_cap,
    });
    for (const slot of slots) {
      const offer = byStart.get(slot.start) ?? { start: slot.start, choices: [] };
      offer.choices.push({ user_id: closer.availability.user_id, end: slot.end });
      byStart.set(slot.start, offer);
    }
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/**
 * Who gets a new lead without an owner: the first person in the rule's order who takes
 * appointments, is not on time off today and is under the cap today (their appointments and the
 * leads the rule gave them today, each day in their time zone); null when nobody is.
 */
export function chooseCloser(
  rule: Pick<DistributionRule, 'kind' | 'daily_cap' | 'given'>,
  closers: readonly Closer[],
  context: { now: number; bookings: readonly Booking[]; target: LatLng | null },
): string | null {
  for (const closer of orderClosers(rule.kind, closers, context)) {
    const availability = closer.availability;
    if (!takesAppointments(availability)) continue;
    const today = dayInZone(context.now, availability.time_zone);
    if (isTimeOff(availability, today)) continue;
    const given = rule.given?.[availability.user_id];
    const givenToday = given && given.day === today ? given.count : 0;
    if (isCapped(availability, today, context.bookings, rule.daily_cap, givenToday)) continue;
    return availability.user_id;
  }
  return null;
}

/** The rule's record of a lead it gave `userId` at `now` (the day in their time zone). */
export function givenAfter(
  given: DistributionRule['given'],
  userId: string,
  now: number,
  timeZone: string,
): Record<string, Given> {
  const day = dayInZone(now, timeZone);
  const before = given?.[userId];
  const count = before && before.day === day ? before.count + 1 : 1;
  return { ...(given ?? {}), [userId]: { at: new Date(now).toISOString(), day, count } };
}

/** When each person was last served: the rule gave them a lead, or an appointment of theirs was made. */
export function lastServed(
  userIds: readonly string[],
  bookings: readonly Booking[],
  given: DistributionRule['given'],
): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const id of userIds) {
    const at = given?.[id] ? Date.parse(given[id].at) : Number.NaN;
    out.set(id, Number.isNaN(at) ? null : at);
  }
  for (const b of bookings) {
    const made = typeof b.created_at === 'string' ? Date.parse(b.created_at) : Number.NaN;
    if (Number.isNaN(made) || isCancelled(b)) continue;
    for (const id of userIds) {
      if (!isAppointmentOf(b, id)) continue;
      const before = out.get(id) ?? null;
      if (before === null || made > before) out.set(id, made);
    }
  }
  return out;
}

/** A person's close rate over a window: their sales ÷ their appointments in it. */
export interface CloseRate {
  sales: number;
  appointments: number;
  /** Null without appointments in the window. */
  rate: number | null;
}

/**
 * Close rates over the `windowDays` days up to `now`: each person's sales (src/domain/sales.ts,
 * credited to the contact's owner, dated by their day, which must fall within the window's days
 * (UTC)) divided by their appointments (not Cancelled) that started within the window.
 */
export function closeRates(
  userIds: readonly string[],
  sales: readonly Pick<Sale, 'owner_id' | 'day'>[],
  bookings: readonly Booking[],
  context: { now: number; windowDays: number },
): Map<string, CloseRate> {
  const from = context.now - context.windowDays * DAY_MS;
  const today = new Date(context.now).toISOString().slice(0, 10);
  const firstDay = nextDay(new Date(from).toISOString().slice(0, 10));
  const out = new Map<string, CloseRate>();
  for (const id of userIds) {
    const sold = sales.filter(
      (s) => s.owner_id === id && s.day !== null && s.day >= firstDay && s.day <= today,
    );
    const held = busyIntervals(id, bookings).filter((span) => span.start > from && span.start <= context.now);
    out.set(id, {
      sales: sold.length,
      appointments: held.length,
      rate: held.length ? sold.length / held.length : null,
    });
  }
  return out;
}

/** The facts of a lead that pick its rule. */
export interface LeadPlace {
  team_id?: string | null;
  region_id?: string | null;
}

/** The rule of a lead: its region's, else its team's (deleted rules left out). */
export function ruleFor<R extends Pick<DistributionRule, '_id' | 'scope' | 'deleted_at'>>(
  lead: LeadPlace,
  rules: readonly R[],
): R | undefined {
  const live = rules.filter((r) => !r.deleted_at);
  const region = lead.region_id
    ? live.find((r) => r.scope === 'region' && r._id === lead.region_id)
    : undefined;
  return (
    region ?? (lead.team_id ? live.find((r) => r.scope === 'team' && r._id === lead.team_id) : undefined)
  );
}

/** A team membership as the rules read it. */
export interface Membership {
  team_id: string;
  user_id: string;
  deleted_at?: string | null;
}

/** A team as the rules read it. */
export interface TeamPlace {
  _id: string;
  region_id?: string | null;
  deleted_at?: string | null;
}

/** The people a rule may offer: a team's members, or the members of the teams in a region. */
export function ruleMembers(
  rule: Pick<DistributionRule, '_id' | 'scope'>,
  memberships: readonly Membership[],
  teams: readonly TeamPlace[],
): string[] {
  const teamIds = new Set(
    rule.scope === 'team'
      ? [rule._id]
      : teams.filter((t) => !t.deleted_at && t.region_id === rule._id).map((t) => t._id),
  );
  const ids = new Set(
    memberships.filter((m) => !m.deleted_at && teamIds.has(m.team_id)).map((m) => m.user_id),
  );
  return [...ids].sort();
}

/**
 * Whether the caller may set the rule of a team or region: admins any; managers the teams they lead
 * or manage and the regions they manage (src/domain/turfRules.ts `managedRegionIds`).
 */
export function canSetRule(
  actor: Actor,
  scope: DistributionScope,
  id: string,
  managedRegions: readonly string[],
): boolean {
  switch (scopeOf(actor, 'distribution.manage')) {
    case 'org':
      return true;
    case 'managed':
      return scope === 'team' ? actor.managed_team_ids.includes(id) : managedRegions.includes(id);
    default:
      return false;
  }
}
