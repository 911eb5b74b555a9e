/**
 * Where reps walked: their tracked paths of a day and their last known positions, for the people
 * the caller may see (a rep themselves, a manager their team members, an admin everyone).
 */
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Actor, scopeOf } from '#src/domain/permissions.ts';
import type { LastPositionWire, PathQuery, PathWire } from '#src/domain/schemas/paths.ts';
import { selectRows } from '../db/client.ts';
import { pathPoints, paths, users } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { forbidden } from './serviceError.ts';

const MAX_POINTS = 50_000;

async function visibleUserIds(
  ctx: ServiceContext,
  actor: Actor,
  asked: string[] | undefined,
): Promise<string[]> {
  const scope = scopeOf(actor, 'paths.read');
  if (scope === 'none') throw forbidden('Your access level cannot see tracked paths.');
  let allowed: string[];
  if (scope === 'org') {
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.org_id, actor.org_id), isNull(users.deleted_at)));
    allowed = rows.map((r) => r.id);
  } else if (scope === 'managed') {
    allowed = [actor.user_id, ...actor.managed_member_ids];
  } else {
    allowed = [actor.user_id];
  }
  return asked ? allowed.filter((id) => asked.includes(id)) : allowed;
}

export async function getPaths(ctx: ServiceContext, actor: Actor, query: PathQuery) {
  const userIds = await visibleUserIds(ctx, actor, query.user_ids);
  if (!userIds.length) return { paths: [] as PathWire[], positions: [] as LastPositionWire[] };
  const dayStart = new Date(Date.parse(`${query.date}T00:00:00Z`) + query.tz_offset * 60_000);
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  const start = dayStart.toISOString();
  const end = dayEnd.toISOString();

  const pathRows = await ctx.db
    .select({ id: paths.id, user_id: paths.user_id, started_at: paths.started_at, ended_at: paths.ended_at })
    .from(paths)
    .where(
      and(
        eq(paths.org_id, actor.org_id),
        inArray(paths.user_id, userIds),
        isNull(paths.deleted_at),
        lt(paths.started_at, end),
        or(isNull(paths.ended_at), gte(paths.ended_at, start)),
      ),
    )
    .orderBy(asc(paths.started_at));
  const points = pathRows.length
    ? await ctx.db
        .select({
          path_id: pathPoints.path_id,
          lat: pathPoints.lat,
          lng: pathPoints.lng,
          at: pathPoints.recorded_at,
        })
        .from(pathPoints)
        .where(
          and(
            eq(pathPoints.org_id, actor.org_id),
            inArray(
              pathPoints.path_id,
              pathRows.map((p) => p.id),
            ),
          ),
        )
        .orderBy(asc(pathPoints.recorded_at))
        .limit(MAX_POINTS)
    : [];
  const byPath = new Map<string, [number, number, string][]>();
  for (const p of points) {
    const list = byPath.get(p.path_id) ?? [];
    list.push([p.lng, p.lat, p.at]);
    byPath.set(p.path_id, list);
  }

  // Each person's latest point up to the end of that day.
  const positions = await selectRows(
    ctx.db,
    sql`
    SELECT DISTINCT ON (${pathPoints.user_id}) ${pathPoints.user_id} AS user_id, ${pathPoints.lat} AS lat,
      ${pathPoints.lng} AS lng, ${pathPoints.recorded_at} AS recorded_at
    FROM ${pathPoints}
    WHERE ${pathPoints.org_id} = ${actor.org_id}
      AND ${pathPoints.user_id} = ANY(${sql.param(userIds)}::uuid[])
      AND ${pathPoints.recorded_at} < ${end}
    ORDER BY ${pathPoints.user_id}, ${pathPoints.recorded_at} DESC`,
  );

  return {
    paths: pathRows.map((p) => ({ ...p, points: byPath.get(p.id) ?? [] })) as PathWire[],
    positions: positions.map((r) => ({
      user_id: String(r.user_id),
      lat: Number(r.lat),
      lng: Number(r.lng),
      recorded_at: new Date(r.recorded_at as string).toISOString(),
    })),
  };
}
