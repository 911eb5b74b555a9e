/**
 * A booking settled as the server applies it (src/domain/bookingLease.ts): an appointment created,
 * or given another closer, time or status, is checked against the closer's other appointments in
 * the same transaction, after the org's version is taken, so two devices' bookings of one slot are
 * settled one after the other whatever order they sync in. The one that lost its slot goes to the
 * next person of the lead's rule it fits, or back to its setter; the setter is told.
 */
import { and, eq, gte, isNull, lte, ne } from 'drizzle-orm';
import { type BookingOutcome, outcomeFields, settleBooking } from '#src/domain/bookingLease.ts';
import type { Booking } from '#src/domain/distribution.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { appointments, contacts } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { BOOKING_COLUMNS, ruleContextOf } from './distribution.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The fields whose change asks the server to settle the booking again. */
const BOOKING_FIELDS = ['user_id', 'start_time', 'end_time', 'status'] as const;

/** Whether a save of an appointment books a slot: a new one, or a new closer, time or status. */
function books(existing: Record<string, unknown> | undefined, values: Record<string, unknown>): boolean {
  if (!existing) return true;
  return BOOKING_FIELDS.some((field) => values[field] !== undefined && values[field] !== existing[field]);
}

/** The org's appointments (not deleted, not this one) starting within a day of the span. */
async function appointmentsAround(
  tx: Tx,
  orgId: number,
  id: string,
  start: number,
  end: number,
): Promise<Booking[]> {
  return tx
    .select(BOOKING_COLUMNS)
    .from(appointments)
    .where(
      and(
        eq(appointments.org_id, orgId),
        isNull(appointments.deleted_at),
        ne(appointments.id, id),
        gte(appointments.start_time, new Date(start - DAY_MS).toISOString()),
        lte(appointments.start_time, new Date(end + DAY_MS).toISOString()),
      ),
    );
}

/**
 * Settles the booking a save of appointment `id` makes and writes the outcome into `values` (its
 * closer, and the `booking` note devices show; a booking kept clears an earlier note). Answers the
 * outcome, `kept` when the save books nothing.
 */
export async function settleAppointment(
  ctx: ServiceContext,
  tx: Tx,
  actor: Actor,
  id: string,
  existing: Record<string, unknown> | undefined,
  values: Record<string, unknown>,
): Promise<BookingOutcome> {
  if (!books(existing, values)) return { kind: 'kept' };
  const booking = { ...(existing ?? {}), ...values, _id: id } as Booking & { lead_id?: unknown };
  const start = Date.parse(String(booking.start_time ?? ''));
  if (!booking.user_id || Number.isNaN(start)) return { kind: 'kept' };
  const end = Date.parse(String(booking.end_time ?? '')) || start;
  const others = await appointmentsAround(tx, actor.org_id, id, start, end);
  const lead =
    typeof booking.lead_id === 'string'
      ? (
          await tx
            .select({
              region_id: contacts.region_id,
              team_id: contacts.team_id,
              lng: contacts.lng,
              lat: contacts.lat,
            })
            .from(contacts)
            .where(and(eq(contacts.id, booking.lead_id), eq(contacts.org_id, actor.org_id)))
        )[0]
      : undefined;
  const first = settleBooking({
    booking,
    others,
    rule: null,
    closers: [],
    now: ctx.now().getTime(),
    target: null,
  });
  if (first.kind === 'kept') {
    if (existing?.booking) values.booking = null;
    return first;
  }
  // The slot is taken: the lead's rule, when it has one, offers it to someone else.
  const context = lead ? await ruleContextOf(ctx, tx, actor.org_id, lead) : null;
  const outcome = context
    ? settleBooking({
        booking,
        others,
        rule: context.rule,
        closers: context.closers,
        now: ctx.now().getTime(),
        target: context.target,
      })
    : first;
  const fields = outcomeFields(outcome, ctx.now().toISOString());
  if (fields) Object.assign(values, fields);
  return outcome;
}
