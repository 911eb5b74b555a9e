/**
 * No double-booking, even offline. A setter's device books a closer's slot from its synced rows
 * (the slot the rule offers, src/domain/distribution.ts) and holds it as a lease until sync: the
 * appointment shows as held, not yet confirmed. The server settles each booking as it applies it,
 * one after another within the org (every write takes the org's version first), so of two devices
 * that took the same slot while apart, the one that syncs first keeps it:
 *
 * - kept: the closer is free then (or the appointment is Cancelled, or has no time or closer);
 * - reassigned: the slot overlaps another appointment of the closer; the first person of the
 *   lead's rule, in the rule's order, whom the slot fits (working hours, no time off, no overlap,
 *   under the day's cap) takes it instead;
 * - returned: nobody else fits; the appointment goes back to its setter without a closer, to book
 *   another time.
 *
 * So no closer ever holds two appointments (not Cancelled) at one time through a booking, and the
 * setter of a booking that lost its slot is told, in their language, what became of it.
 */
import { interval } from './appointmentCalendar.ts';
import { dayInZone } from './availability.ts';
import {
  type Booking,
  bookingProblem,
  busyIntervals,
  type Closer,
  type DistributionRule,
  orderClosers,
} from './distribution.ts';
import type { LatLng } from './knocks.ts';

/** What became of a booking when the server applied it; kept on the appointment when it moved. */
export type BookingOutcome =
  | { kind: 'kept' }
  | { kind: 'reassigned'; asked: string; to: string; clash: string }
  | { kind: 'returned'; asked: string; clash: string };

/** The record of a moved booking on its appointment (`booking`), as devices read it. */
export interface BookingNote {
  outcome: 'reassigned' | 'returned';
  /** The closer the setter asked for. */
  asked_user_id: string;
  /** The appointment that held the slot first. */
  clash_id: string;
  at: string;
}

const isCancelled = (b: Booking) => String(b.status ?? '').toLowerCase() === 'cancelled';

/** The first appointment of `userId` (not Cancelled) that overlaps `booking`'s time, among `others`. */
export function clashOf(booking: Booking, userId: string, others: readonly Booking[]): Booking | undefined {
  const span = interval(booking);
  if (!span) return undefined;
  return others.find((other) => {
    if (other._id === booking._id || isCancelled(other)) return false;
    const busy = busyIntervals(userId, [other])[0];
    return !!busy && busy.start < span.end && span.start < busy.end;
  });
}

/**
 * Settles a booking of `booking.user_id` against the org's other appointments (`others`, without
 * this one): kept, reassigned by the lead's rule among `closers`, or returned ({@link BookingOutcome}).
 */
export function settleBooking(input: {
  booking: Booking;
  others: readonly Booking[];
  rule: Pick<DistributionRule, 'kind' | 'daily_cap'> | null;
  closers: readonly Closer[];
  now: number;
  target: LatLng | null;
}): BookingOutcome {
  const { booking, others, rule } = input;
  const asked = booking.user_id;
  const span = interval(booking);
  if (!asked || !span || isCancelled(booking)) return { kind: 'kept' };
  const clash = clashOf(booking, asked, others);
  if (!clash) return { kind: 'kept' };
  if (rule) {
    const candidates = input.closers.filter((c) => c.availability.user_id !== asked);
    const day = (c: Closer) => dayInZone(span.start, c.availability.time_zone);
    const ordered = orderClosers(rule.kind, candidates, {
      now: input.now,
      target: input.target,
      day: candidates[0] ? day(candidates[0]) : undefined,
      bookings: others,
    });
    const fits = ordered.find((c) => bookingProblem(c.availability, span, others, rule.daily_cap) === null);
    if (fits) return { kind: 'reassigned', asked, to: fits.availability.user_id, clash: clash._id };
  }
  return { kind: 'returned', asked, clash: clash._id };
}

/** The appointment's fields after the outcome: its closer and the note devices show, or nothing. */
export function outcomeFields(
  outcome: BookingOutcome,
  at: string,
): { user_id: string | null; booking: BookingNote } | undefined {
  if (outcome.kind === 'kept') return undefined;
  return {
    user_id: outcome.kind === 'reassigned' ? outcome.to : null,
    booking: { outcome: outcome.kind, asked_user_id: outcome.asked, clash_id: outcome.clash, at },
  };
}

/** A booking note as read back from a synced row, or undefined when the row has none (or a bad one). */
export function bookingNoteOf(value: unknown): BookingNote | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const note = value as Record<string, unknown>;
  if (note.outcome !== 'reassigned' && note.outcome !== 'returned') return undefined;
  if (typeof note.asked_user_id !== 'string' || typeof note.clash_id !== 'string') return undefined;
  return {
    outcome: note.outcome,
    asked_user_id: note.asked_user_id,
    clash_id: note.clash_id,
    at: typeof note.at === 'string' ? note.at : '',
  };
}
