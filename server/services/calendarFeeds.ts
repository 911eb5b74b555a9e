/**
 * A user's calendar feed: a secret address calendar apps subscribe to, answering the user's own
 * appointments as ICS. The token is random (256 bits) and travels only in the address; the server
 * keeps its sha-256 hash. Making a new one revokes the previous; revoking turns it off. Whoever may
 * not read appointments (Guests) has no feed; a user who loses that access, or is deactivated,
 * has their address answer "not found".
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import { createEvents, type EventAttributes } from 'ics';
import { DEFAULT_DURATION_MS } from '#src/domain/appointmentCalendar.ts';
import { type Actor, canKeepCalendarFeed } from '#src/domain/permissions.ts';
import {
  FEED_NOT_ALLOWED,
  FEED_NOT_FOUND,
  FEED_TOKEN,
  type FeedState,
  type NewFeed,
} from '#src/domain/schemas/calendarFeed.ts';
import { appointments, calendarFeeds, contacts } from '../db/schema.ts';
import { loadCaller } from './actors.ts';
import { tokenHash } from './auth.ts';
import { feedText } from './calendarText.ts';
import { inTransaction, type ServiceContext } from './context.ts';
import { forbidden, notFound } from './serviceError.ts';

const DAY_MS = 86_400_000;
/** The feed runs from this many days back… */
export const FEED_DAYS_BACK = 30;
/** …to this many days ahead, and holds at most this many appointments. */
export const FEED_DAYS_AHEAD = 365;
export const FEED_MAX_EVENTS = 2000;

const active = (userId: string) => and(eq(calendarFeeds.user_id, userId), isNull(calendarFeeds.revoked_at));

/** Whether the user has an active feed, and since when (never its address). */
export async function feedState(ctx: ServiceContext, actor: Actor): Promise<FeedState> {
  const [row] = await ctx.db
    .select({ created_at: calendarFeeds.created_at })
    .from(calendarFeeds)
    .where(and(active(actor.user_id), eq(calendarFeeds.org_id, actor.org_id)))
    .orderBy(desc(calendarFeeds.created_at))
    .limit(1);
  return { active: !!row, created_at: row?.created_at ?? null };
}

/** Makes a new feed address (revoking the previous); the address is answered only now. */
export async function createFeed(ctx: ServiceContext, actor: Actor, origin: string): Promise<NewFeed> {
  if (!canKeepCalendarFeed(actor)) throw forbidden(FEED_NOT_ALLOWED);
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now().toISOString();
  await inTransaction(ctx, async (tx) => {
    await tx.update(calendarFeeds).set({ revoked_at: now }).where(active(actor.user_id));
    await tx.insert(calendarFeeds).values({
      token_hash: tokenHash(token),
      user_id: actor.user_id,
      org_id: actor.org_id,
      created_at: now,
    });
  });
  return { active: true, created_at: now, url: `${origin}/api/calendar/${token}.ics` };
}

/** Turns the user's feed off (nothing to do when there is none). */
export async function revokeFeed(ctx: ServiceContext, actor: Actor): Promise<FeedState> {
  await ctx.db
    .update(calendarFeeds)
    .set({ revoked_at: ctx.now().toISOString() })
    .where(active(actor.user_id));
  return { active: false, created_at: null };
}

const icsStatus = (status: string | null): EventAttributes['status'] =>
  status?.toLowerCase() === 'cancelled' ? 'CANCELLED' : 'CONFIRMED';

/** The feed's calendar (ICS text) for a token; unknown, revoked or no-longer-allowed → not found. */
export async function feedCalendar(ctx: ServiceContext, token: string): Promise<string> {
  if (!FEED_TOKEN.test(token)) throw notFound(FEED_NOT_FOUND);
  const [feed] = await ctx.db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.token_hash, tokenHash(token)), isNull(calendarFeeds.revoked_at)));
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const caller = await loadCaller(ctx.db, feed.user_id);
  if (!caller || caller.actor.org_id !== feed.org_id || !canKeepCalendarFeed(caller.actor))
    throw notFound(FEED_NOT_FOUND);

  const now = ctx.now().getTime();
  const rows = await ctx.db
    .select({
      id: appointments.id,
      start_time: appointments.start_time,
      end_time: appointments.end_time,
      appointment_type: appointments.appointment_type,
      status: appointments.status,
      notes: appointments.notes,
      updated_at: appointments.updated_at,
      lead_name: contacts.name,
      lead_address: contacts.address,
      street: contacts.street,
      city: contacts.city,
      state: contacts.state,
      zip: contacts.zip,
    })
    .from(appointments)
    .leftJoin(contacts, and(eq(contacts.id, appointments.lead_id), eq(contacts.org_id, feed.org_id)))
    .where(
      and(
        eq(appointments.org_id, feed.org_id),
        eq(appointments.user_id, feed.user_id),
        isNull(appointments.deleted_at),
        gte(appointments.start_time, new Date(now - FEED_DAYS_BACK * DAY_MS).toISOString()),
        lt(appointments.start_time, new Date(now + FEED_DAYS_AHEAD * DAY_MS).toISOString()),
      ),
    )
    .orderBy(asc(appointments.start_time))
    .limit(FEED_MAX_EVENTS);

  const events: EventAttributes[] = rows.flatMap((r) => {
    const start = r.start_time ? Date.parse(r.start_time) : Number.NaN;
    if (Number.isNaN(start)) return [];
    const endAt = r.end_time ? Date.parse(r.end_time) : Number.NaN;
    const end = Number.isNaN(endAt) || endAt <= start ? start + DEFAULT_DURATION_MS : endAt;
    const who = r.lead_name?.trim();
    const event: EventAttributes = {
      uid: `${r.id}@home-service-crm`,
      title: feedText(who ? `${r.appointment_type}: ${who}` : r.appointment_type),
      start,
      startInputType: 'utc',
      startOutputType: 'utc',
      end,
      endInputType: 'utc',
      endOutputType: 'utc',
      status: icsStatus(r.status),
      description: feedText(
        [r.status ? `Status: ${r.status}` : '', r.notes ?? ''].filter(Boolean).join('\n'),
      ),
      lastModified: Date.parse(r.updated_at),
    };
    const where = r.lead_address?.trim() || [r.street, r.city, r.state, r.zip].filter(Boolean).join(', ');
    if (where) event.location = feedText(where);
    return [event];
  });
  const { error, value } = createEvents(events, {
    productId: 'home-service-crm/appointments',
    calName: 'Home Service CRM appointments',
  });
  if (error || value === null) throw error ?? new Error('The calendar could not be written.');
  return value;
}
