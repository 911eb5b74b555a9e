/**
 * A user's activity for their page, computed from what the server records rather than a stored
 * guess: their live sign-in sessions (not ended, not expired) and the last time they signed in
 * or a device of theirs sent changes.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Actor, canOnUser } from '#src/domain/permissions.ts';
import type { UserActivity } from '#src/domain/schemas/userProfile.ts';
import { authSessions, syncClients, users } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { notFound } from './serviceError.ts';

const latest = (a: string | null, b: string | null) =>
  !a ? b : !b ? a : Date.parse(a) >= Date.parse(b) ? a : b;

/** As far as users/get reaches: the caller's org, and a guest only themselves. */
export async function userActivity(ctx: ServiceContext, actor: Actor, id: string): Promise<UserActivity> {
  const [user] = await ctx.db
    .select({ id: users.id, org_id: users.org_id, last_active: users.last_active })
    .from(users)
    .where(and(eq(users.id, id), eq(users.org_id, actor.org_id), isNull(users.deleted_at)));
  if (!user || !canOnUser(actor, 'users.read', user)) throw notFound('This user does not exist.');
  const now = ctx.now().toISOString();
  const [sessions] = await ctx.db
    .select({
      active: sql<number>`count(*) FILTER (WHERE ${authSessions.revoked_at} IS NULL AND ${authSessions.expires_at} > ${now})::int`,
      signed_in: sql<string | null>`max(${authSessions.created_at})`,
    })
    .from(authSessions)
    .where(and(eq(authSessions.user_id, id), eq(authSessions.org_id, actor.org_id)));
  const [pushes] = await ctx.db
    .select({ at: sql<string | null>`max(${syncClients.updated_at})` })
    .from(syncClients)
    .where(
      and(
        eq(syncClients.user_id, id),
        eq(syncClients.org_id, actor.org_id),
        gt(syncClients.last_mutation_id, 0),
      ),
    );
  const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    last_active: latest(latest(iso(user.last_active), iso(sessions?.signed_in)), iso(pushes?.at)),
    active_sessions: Number(sessions?.active ?? 0),
  };
}
