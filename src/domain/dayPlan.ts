/**
 * A rep's day between appointments: their appointments of one day in time order, the straight-line
 * distance of each leg from one appointment to the next (and from where the rep is to the next
 * one), a rough estimate of the time each leg takes, and which legs look too long for the time
 * between. No routing service: distances are great-circle ones ({@link distanceMeters}), and times
 * are estimates from them (a road is longer than the straight line; see {@link ROAD_FACTOR}).
 */
import { type CalendarAppointment, interval } from './appointmentCalendar.ts';
import { distanceMeters, type LatLng } from './knocks.ts';

/** Roads run this much longer than the straight line, roughly (a common rule of thumb for towns). */
export const ROAD_FACTOR = 1.3;
/** A conservative driving speed through town and suburbs, km/h, for the estimates and the warning. */
export const DRIVING_KMH = 40;
/** A walking pace, km/h. */
export const WALKING_KMH = 5;
/** Legs up to this many straight-line metres are short enough that walking is worth saying. */
export const WALKABLE_METERS = 1_500;

/** One appointment of the day with where its lead is (null or absent when the lead has no position). */
export interface DayAppointment {
  appointment: CalendarAppointment;
  position?: LatLng | null | undefined;
}

/** A leg between two places: its straight-line length and rough time estimates. */
export interface Leg {
  /** Straight-line metres. */
  meters: number;
  /** Estimated minutes driving (straight line × {@link ROAD_FACTOR} at {@link DRIVING_KMH}), rounded up. */
  driveMinutes: number;
  /** Estimated minutes walking at {@link WALKING_KMH}, rounded up; undefined beyond {@link WALKABLE_METERS}. */
  walkMinutes: number | undefined;
  /** Whole minutes from leaving (the previous appointment's end, or now) to the next start; negative when they overlap. */
  minutesBetween: number;
  /** The estimated drive takes longer than the time between. */
  tight: boolean;
}

/**
 * How the leg into an appointment stands: the first of the day has none; a leg is unknown when this
 * appointment's lead or the previous one's has no position.
 */
export type LegInto = { kind: 'first' } | { kind: 'leg'; leg: Leg } | { kind: 'unknown' };

export interface PlannedStop<T extends DayAppointment> {
  entry: T;
  /** Start and end instants (ms); an appointment without an end lasts one hour. */
  start: number;
  end: number;
  position: LatLng | undefined;
  /** The leg from the previous appointment of the day. */
  fromPrevious: LegInto;
}

export interface DayPlan<T extends DayAppointment> {
  /** The day's appointments to go to, in time order (cancelled ones and those without a start left out). */
  stops: PlannedStop<T>[];
  /** Cancelled appointments of the day, in time order: not gone to, still worth seeing. */
  cancelled: T[];
  /**
   * The leg from where the rep is to the next appointment that has not started yet, when a position
   * was given, that appointment has a position and one is still to come.
   */
  fromHere: { to: T; leg: Leg } | undefined;
  /** Straight-line metres of all known legs between appointments (not counting the leg from here). */
  totalMeters: number;
  /** Appointments to go to whose lead has no position. */
  withoutPosition: number;
  /** Legs (from here included) flagged as too long for the time between. */
  tightLegs: number;
}

const MINUTE_MS = 60_000;

const isPoint = (p: LatLng | null | undefined): p is LatLng =>
  !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

const isCancelled = (a: CalendarAppointment) => String(a.status ?? '').toLowerCase() === 'cancelled';

/** Estimated minutes to cover a straight-line distance at a speed, along roads, rounded up. */
function minutesAt(meters: number, kmh: number): number {
  return Math.ceil((meters * ROAD_FACTOR) / ((kmh * 1000) / 60));
}

/** The leg from `a` (left at `leaveAt`) to `b` (starting at `arriveBy`). */
export function legBetween(a: LatLng, b: LatLng, leaveAt: number, arriveBy: number): Leg {
  const meters = distanceMeters(a, b);
  const driveMinutes = minutesAt(meters, DRIVING_KMH);
  const minutesBetween = Math.floor((arriveBy - leaveAt) / MINUTE_MS);
  return {
    meters,
    driveMinutes,
    walkMinutes: meters <= WALKABLE_METERS ? minutesAt(meters, WALKING_KMH) : undefined,
    minutesBetween,
    tight: driveMinutes > minutesBetween,
  };
}

/**
 * Whether an appointment is the person's: set for them, or, set for no one, made by them.
 */
export function isAppointmentOf(appointment: CalendarAppointment & { created_by?: unknown }, userId: string) {
  if (appointment.user_id) return appointment.user_id === userId;
  return appointment.created_by != null && String(appointment.created_by) === userId;
}

/**
 * The day plan of `entries` (one person's appointments of one day, in any order): in time order,
 * each with the leg from the previous appointment; and, given where the rep is and when (`here`),
 * the leg to the next appointment not yet started. Appointments at the same time keep their order.
 */
export function planDay<T extends DayAppointment>(
  entries: readonly T[],
  here?: { position: LatLng | null | undefined; at: number },
): DayPlan<T> {
  const timed = entries
    .map((entry, index) => ({ entry, index, span: interval(entry.appointment) }))
    .filter((x): x is { entry: T; index: number; span: { start: number; end: number } } => !!x.span)
    .sort((x, y) => x.span.start - y.span.start || x.index - y.index);
  const cancelled = timed.filter((x) => isCancelled(x.entry.appointment)).map((x) => x.entry);
  const stops: PlannedStop<T>[] = [];
  let totalMeters = 0;
  let tightLegs = 0;
  for (const { entry, span } of timed) {
    if (isCancelled(entry.appointment)) continue;
    const position = isPoint(entry.position)
      ? { lat: entry.position.lat, lng: entry.position.lng }
      : undefined;
    const previous = stops[stops.length - 1];
    let fromPrevious: LegInto = { kind: 'first' };
    if (previous) {
      if (previous.position && position) {
        const leg = legBetween(previous.position, position, previous.end, span.start);
        totalMeters += leg.meters;
        if (leg.tight) tightLegs += 1;
        fromPrevious = { kind: 'leg', leg };
      } else fromPrevious = { kind: 'unknown' };
    }
    stops.push({ entry, start: span.start, end: span.end, position, fromPrevious });
  }
  let fromHere: DayPlan<T>['fromHere'];
  const next = here ? stops.find((s) => s.start >= here.at) : undefined;
  if (here && next?.position && isPoint(here.position)) {
    const leg = legBetween(here.position, next.position, here.at, next.start);
    if (leg.tight) tightLegs += 1;
    fromHere = { to: next.entry, leg };
  }
  return {
    stops,
    cancelled,
    fromHere,
    totalMeters,
    withoutPosition: stops.filter((s) => !s.position).length,
    tightLegs,
  };
}
