/**
 * Knocks: each status change of a lead records one, with where the device was (when it said) and
 * how that stands against the lead's pin (src/domain/knocks.ts), in the edit's own transaction.
 */

import { and, eq, gte, inArray, isNull, lt, max, or } from 'drizzle-orm';
import { classifyKnock, knockStats } from '#src/domain/knocks.ts';
import { type Actor, scopeOf } from '#src/domain/permissions.ts';
import type { FieldTimeQuery, FieldTimeWire, KnockPosition } from '#src/domain/schemas/knocks.ts';
import { knocks, pathPoints, paths, users } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { forbidden } from './serviceError.ts';

export interface KnockedLead {
  id: string;
  /** The lead's new status. */
  status: string | null;
  /** The lead's pin before the edit (an edit that also moves the pin is judged against the old one). */
  lat: number | null;
  lng: number | null;
}

/** Inserts the knock of a status change made by the caller, classified against the lead's pin. */
export async function recordKnock(
  ctx: ServiceContext,
  tx: Tx,
  actor: Actor,
  version: number,
  lead: KnockedLead,
  position: KnockPosition | undefined,
): Promise<void> {
  const pin = lead.lat !== null && lead.lng !== null ? { lat: lead.lat, lng: lead.lng } : null;
  const verdict = classifyKnock(position ?? null, pin);
  // When, by the device's clock: a knock made offline keeps its time, but none happened after the
  // server heard of it (a phone set hours ahead would put it in tomorrow's leaderboard and stretch
  // the door's cool-down).
  const now = ctx.now();
  const at = position ? new Date(Math.min(Date.parse(position.at), now.getTime())) : now;
  await tx.insert(knocks).values({
    org_id: actor.org_id,
    version,
    created_by: actor.user_id,
    updated_by: actor.user_id,
    user_id: actor.user_id,
    lead_id: lead.id,
    status: lead.status,
    knocked_at: at.toISOString(),
    lat: position?.lat ?? null,
    lng: position?.lng ?? null,
    accuracy: position?.accuracy ?? null,
    distance_m: verdict.distance_m,
    classification: verdict.classification,
  });
}

/** The people whose tracked paths the caller may see (as the team paths map): self, their team, or the org. */
async function pathReaders(ctx: ServiceContext, actor: Actor): Promise<string[]> {
  const scope = scopeOf(actor, 'paths.read');
  if (scope === 'none') throw forbidden('Your access level cannot see tracked paths.');
  if (scope === 'org') {
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.org_id, actor.org_id), isNull(users.deleted_at)));
    return rows.map((r) => r.id);
  }
  if (scope === 'managed') return [actor.user_id, ...actor.managed_member_ids];
  return [actor.user_id];
}

/**
 * Each visible person's time in the field in [from, to): their tracked paths' durations (an open
 * path ends at its last point) clipped to the period, by the shared rule (src/domain/knocks.ts).
 */
export async function fieldTime(
  ctx: ServiceContext,
  actor: Actor,
  query: FieldTimeQuery,
): Promise<{ times: FieldTimeWire[] }> {
  const visible = await pathReaders(ctx, actor);
  const asked = query.user_ids;
  const userIds = asked ? visible.filter((id) => asked.includes(id)) : visible;
  if (!userIds.length) return { times: [] };
  const start = new Date(query.from);
  const end = new Date(query.to);
  const rows = await ctx.db
    .select({ id: paths.id, user_id: paths.user_id, started_at: paths.started_at, ended_at: paths.ended_at })
    .from(paths)
    .where(
      and(
        eq(paths.org_id, actor.org_id),
        inArray(paths.user_id, userIds),
        isNull(paths.deleted_at),
        lt(paths.started_at, end.toISOString()),
        or(isNull(paths.ended_at), gte(paths.ended_at, start.toISOString())),
      ),
    );
  const open = rows.filter((p) => !p.ended_at).map((p) => p.id);
  const lastPoints = open.length
    ? await ctx.db
        .select({ path_id: pathPoints.path_id, recorded_at: max(pathPoints.recorded_at) })
        .from(pathPoints)
        .where(and(eq(pathPoints.org_id, actor.org_id), inArray(pathPoints.path_id, open)))
        .groupBy(pathPoints.path_id)
    : [];
  const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
  const stats = knockStats(
    [],
    rows.map((p) => ({ ...p, started_at: iso(p.started_at), ended_at: iso(p.ended_at) })),
    lastPoints.map((p) => ({ path_id: p.path_id, recorded_at: iso(p.recorded_at) })),
    { start, end },
  );
  return {
    // Everyone visible, those who did not walk at 0: the caller can tell 'none' from 'not visible'.
    times: userIds.map((user_id) => ({
      user_id,
      time_in_field_ms: stats.get(user_id)?.time_in_field_ms ?? 0,
    })),
  };
}
