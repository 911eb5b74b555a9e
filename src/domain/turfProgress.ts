/**
 * How far a turf's rep has got this week: of the turf's doors (the live contacts the server placed
 * in it, `turf_id`), how many were knocked since Monday (to Sunday, on the device's clock). A knock
 * is any status change at the door (the synced `knocks`), by anyone: a door a teammate knocked is
 * a door done. Knocks outside the week are not counted, so the caller may pass only the week's.
 */
import { periodRange } from './leaderboard.ts';

export interface TurfDoor {
  _id: string;
  turf_id?: unknown;
  deleted_at?: unknown;
}

export interface TurfKnock {
  lead_id?: unknown;
  knocked_at?: unknown;
}

export interface TurfProgress {
  turfId: string;
  /** Doors in the turf. */
  total: number;
  /** Doors knocked since Monday. */
  thisWeek: number;
}

/** The week of `now` (Monday to Monday, local time). */
export function progressWeek(now: Date): { start: Date; end: Date } {
  return periodRange({ kind: 'week' }, now) as { start: Date; end: Date };
}

/** The progress of each turf named, in their order, at `now`. */
export function turfProgress(
  turfIds: readonly string[],
  doors: readonly TurfDoor[],
  knocks: readonly TurfKnock[],
  now: Date,
): TurfProgress[] {
  const week = progressWeek(now);
  const from = week.start.getTime();
  const to = week.end.getTime();
  const wanted = new Set(turfIds);
  const turfOf = new Map<string, string>();
  for (const door of doors) {
    if (door.deleted_at || typeof door.turf_id !== 'string' || !wanted.has(door.turf_id)) continue;
    turfOf.set(door._id, door.turf_id);
  }
  const recent = new Set<string>();
  for (const knock of knocks) {
    const lead = typeof knock.lead_id === 'string' ? knock.lead_id : undefined;
    if (!lead || !turfOf.has(lead)) continue;
    const at = typeof knock.knocked_at === 'string' ? Date.parse(knock.knocked_at) : Number.NaN;
    if (at >= from && at < to) recent.add(lead);
  }
  const totals = new Map<string, TurfProgress>(
    turfIds.map((turfId) => [turfId, { turfId, total: 0, thisWeek: 0 }]),
  );
  for (const [door, turfId] of turfOf) {
    const progress = totals.get(turfId) as TurfProgress;
    progress.total++;
    if (recent.has(door)) progress.thisWeek++;
  }
  return turfIds.map((turfId) => totals.get(turfId) as TurfProgress);
}
