/**
 * App sessions as people and the legacy data service read them: a session is touched (its end
 * time set to now) only by its own user; a rep's sessions and recent error logs are read under
 * `sessions.read` (a rep themself, a manager their teams' reps, an admin anyone in the org).
 * Sessions are written by devices through the log stream (logStreams.ts).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type Actor, scopeOf } from '#src/domain/permissions.ts';
import type { ErrorLogWire, EventWire, SessionWire } from '#src/domain/schemas/logging.ts';
import { appSessions, errorLogs, events, users } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { forbidden, notFound } from './serviceError.ts';

const SESSIONS_SHOWN = 100;
const ERRORS_SHOWN = 50;
const EVENTS_SHOWN = 100;

type SessionRow = typeof appSessions.$inferSelect;

const sessionWire = (s: SessionRow): SessionWire => ({
  _id: s.id,
  fingerprint: s.fingerprint,
  start_time: s.start_time,
  end_time: s.end_time,
});

/** Ends (or extends) one of the caller's own sessions at the server's now. */
export async function touchSession(ctx: ServiceContext, actor: Actor, id: string): Promise<SessionWire> {
  const [row] = await ctx.db
    .update(appSessions)
    .set({ end_time: ctx.now().toISOString() })
    .where(
      and(
        eq(appSessions.id, id),
        eq(appSessions.org_id, actor.org_id),
        eq(appSessions.user_id, actor.user_id),
      ),
    )
    .returning();
  // Another user's session is as unknown to the caller as one that does not exist.
  if (!row) throw notFound(`You have no session ${id}.`);
  return sessionWire(row);
}

/** The rep a query names (record id or numeric id), in the caller's org, if the caller may read them. */
async function readableRep(ctx: ServiceContext, actor: Actor, repRef: string): Promise<string> {
  const scope = scopeOf(actor, 'sessions.read');
  if (scope === 'none') throw forbidden('Your access level cannot see app sessions.');
  const byNumber = /^\d+$/.test(repRef);
  const [rep] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        byNumber ? eq(users.legacy_id, Number(repRef)) : eq(users.id, repRef.toLowerCase()),
        eq(users.org_id, actor.org_id),
        isNull(users.deleted_at),
      ),
    );
  if (!rep) throw notFound(`No user ${repRef} in your organisation.`);
  const allowed =
    scope === 'org' ||
    rep.id === actor.user_id ||
    (scope === 'managed' && actor.managed_member_ids.includes(rep.id));
  if (!allowed) throw forbidden("You can only see your own sessions and your teams' reps'.");
  return rep.id;
}

/** A rep's latest sessions, newest first. */
export async function repSessions(ctx: ServiceContext, actor: Actor, repRef: string): Promise<SessionWire[]> {
  const repId = await readableRep(ctx, actor, repRef);
  const rows = await ctx.db
    .select()
    .from(appSessions)
    .where(and(eq(appSessions.org_id, actor.org_id), eq(appSessions.user_id, repId)))
    .orderBy(desc(appSessions.start_time))
    .limit(SESSIONS_SHOWN);
  return rows.map(sessionWire);
}

/** A rep's latest sessions, events and the error logs their devices reported lately, newest first. */
export async function repActivity(
  ctx: ServiceContext,
  actor: Actor,
  repRef: string,
): Promise<{ sessions: SessionWire[]; events: EventWire[]; errors: ErrorLogWire[] }> {
  const sessions = await repSessions(ctx, actor, repRef);
  const repId = await readableRep(ctx, actor, repRef);
  const rows = await ctx.db
    .select()
    .from(errorLogs)
    .where(and(eq(errorLogs.org_id, actor.org_id), eq(errorLogs.user_id, repId)))
    .orderBy(desc(errorLogs.received_at))
    .limit(ERRORS_SHOWN);
  const errors = rows.map((e) => ({
    _id: e.id,
    session_id: e.session_id,
    event: e.event,
    code: e.code,
    log: e.log ?? null,
    received_at: e.received_at,
  }));
  const eventRows = await ctx.db
    .select()
    .from(events)
    .where(and(eq(events.org_id, actor.org_id), eq(events.user_id, repId)))
    .orderBy(desc(events.received_at), desc(events.timestamp))
    .limit(EVENTS_SHOWN);
  const recent = eventRows.map((e) => ({
    _id: e.id,
    session_id: e.session_id,
    type: e.type,
    table: e.table_name,
    ref: e.ref,
    value: e.value ?? null,
    timestamp: e.timestamp,
  }));
  return { sessions, events: recent, errors };
}
