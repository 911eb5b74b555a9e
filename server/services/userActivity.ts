/**
 * A user's activity for their page and the users table, computed from what the server records
 * rather than a stored guess: their live sign-in sessions (not ended, not expired) and the last
 * time they signed in or a device of theirs sent changes (the newest, `latestTime`).
 */
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { latestTime } from '#src/domain/lastActive.ts';
import { type Actor, canOnUser, scopeOf } from '#src/domain/permissions.ts';
import type { UserActivity } from '#src/domain/schemas/userProfile.ts';
import { authSessions, syncClients, users } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { forbidden, notFound } from './serviceError.ts';

/** Each user's newest sign-in and newest change sent from a device of theirs: the org's, or one user's. */
async function signInsAndPushes(ctx: ServiceContext, orgId: number, only?: string) {
  const [sessions, pushes] = await Promise.all([
    ctx.db
      .select({ user_id: authSessions.user_id, at: sql<string | null>`max(${authSessions.created_at})` })
      .from(authSessions)
      .where(and(eq(authSessions.org_id, orgId), only ? eq(authSessions.user_id, only) : undefined))
      .groupBy(authSessions.user_id),
    ctx.db
      .select({ user_id: syncClients.user_id, at: sql<string | null>`max(${syncClients.updated_at})` })
      .from(syncClients)
      .where(
        and(
          eq(syncClients.org_id, orgId),
          gt(syncClients.last_mutation_id, 0),
          only ? eq(syncClients.user_id, only) : undefined,
        ),
      )
      .groupBy(syncClients.user_id),
  ]);
  return {
    signIns: new Map(sessions.map((r) => [r.user_id, r.at])),
    pushes: new Map(pushes.map((r) => [r.user_id, r.at])),
  };
}

/** As far as users/get reaches: the caller's org, and a guest only themselves. */
export async function userActivity(ctx: ServiceContext, actor: Actor, id: string): Promise<UserActivity> {
  const [user] = await ctx.db
    .select({ id: users.id, org_id: users.org_id, last_active: users.last_active })
    .from(users)
    .where(and(eq(users.id, id), eq(users.org_id, actor.org_id), isNull(users.deleted_at)));
  if (!user || !canOnUser(actor, 'users.read', user)) throw notFound('This user does not exist.');
  const now = ctx.now().toISOString();
  const [[sessions], { signIns, pushes }] = await Promise.all([
    ctx.db
      .select({
        active: sql<number>`count(*) FILTER (WHERE ${authSessions.revoked_at} IS NULL AND ${authSessions.expires_at} > ${now})::int`,
      })
      .from(authSessions)
      .where(and(eq(authSessions.user_id, id), eq(authSessions.org_id, actor.org_id))),
    signInsAndPushes(ctx, actor.org_id, id),
  ]);
  return {
    last_active: latestTime(user.last_active, signIns.get(id), pushes.get(id)),
    active_sessions: Number(sessions?.active ?? 0),
  };
}

/**
 * Every user's last activity the caller may see (the users table's column), by user id: the same
 * reckoning as a user's page, for the org's users (a guest: themselves).
 */
export async function usersLastActive(
  ctx: ServiceContext,
  actor: Actor,
): Promise<Record<string, string | null>> {
  const scope = scopeOf(actor, 'users.read');
  if (scope === 'none') throw forbidden();
  const conditions: SQL[] = [eq(users.org_id, actor.org_id), isNull(users.deleted_at)];
  if (scope !== 'org') conditions.push(eq(users.id, actor.user_id));
  const rows = await ctx.db
    .select({ id: users.id, last_active: users.last_active })
    .from(users)
    .where(and(...conditions));
  const { signIns, pushes } = await signInsAndPushes(
    ctx,
    actor.org_id,
    scope === 'org' ? undefined : actor.user_id,
  );
  const out: Record<string, string | null> = {};
  for (const row of rows) out[row.id] = latestTime(row.last_active, signIns.get(row.id), pushes.get(row.id));
  return out;
}
