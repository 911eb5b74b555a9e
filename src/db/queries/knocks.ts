/** Knocks and time in the field on the device: the period's synced knocks and this device's tracked paths. */
import type { FieldPath, FieldPoint } from '#src/domain/knocks.ts';
import type { LeaderboardKnock } from '#src/domain/leaderboard.ts';
import type { CrmDatabase } from '../database.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The live knocks made in [start, end), by the knocked_at index. */
export async function knocksInPeriod(db: CrmDatabase, start: Date, end: Date): Promise<LeaderboardKnock[]> {
  const rows = await db.knocks
    .where('knocked_at')
    .between(start.toISOString(), end.toISOString(), true, false)
    .toArray();
  const knocks: LeaderboardKnock[] = [];
  for (const k of rows) {
    if (k.deleted_at) continue;
    knocks.push({
      _id: k._id,
      user_id: text(k.user_id),
      lead_id: text(k.lead_id),
      knocked_at: text(k.knocked_at),
      classification: text(k.classification),
      distance_m: number(k.distance_m),
    });
  }
  return knocks;
}

/**
 * The paths tracked on this device (its user's: each user has a database of their own) that
 * overlap [start, end), with the points of those left without an end, which give their last time.
 */
export async function fieldPathsInPeriod(
  db: CrmDatabase,
  userId: string,
  start: Date,
  end: Date,
): Promise<{ paths: FieldPath[]; points: FieldPoint[] }> {
  const from = start.toISOString();
  const to = end.toISOString();
  const rows = await db.paths
    .filter((p) => {
      const started = text(p.started_at);
      const ended = text(p.ended_at);
      return !p.deleted_at && started !== null && started < to && (ended === null || ended >= from);
    })
    .toArray();
  const paths: FieldPath[] = rows.map((p) => ({
    id: p.id,
    user_id: text(p.user_id) ?? userId,
    started_at: text(p.started_at),
    ended_at: text(p.ended_at),
  }));
  const open = paths.filter((p) => !p.ended_at).map((p) => p.id);
  const points: FieldPoint[] = open.length
    ? (await db.path_points.where('path_id').anyOf(open).toArray()).map((p) => ({
        path_id: text(p.path_id),
        recorded_at: text(p.recorded_at),
      }))
    : [];
  return { paths, points };
}
