/** Turfs on the device: a region's, a rep's, a team's members', and how far each has got this week. */
import { progressWeek, type TurfProgress, turfProgress } from '#src/domain/turfProgress.ts';
import { expectedValue } from '#src/domain/turfWeight.ts';
import type { CrmDatabase } from '../database.ts';
import { positionOf } from '../pinIndex.ts';
import type { TeamMemberRow, TurfRow } from '../rows.ts';
import { knocksInPeriod } from './knocks.ts';

const live = (rows: TurfRow[]) =>
  rows
    .filter((row) => !row.deleted_at)
    .sort((a, b) => String(a.name ?? '').localeCompare(String(b.name ?? '')));

/** The live turfs of a region, by name. */
export async function regionTurfs(db: CrmDatabase, regionId: string): Promise<TurfRow[]> {
  return live((await db.turfs.where('region_id').equals(regionId).toArray()) as TurfRow[]);
}

/** The live turfs a user works (a turf that changed hands stays on a former rep's device, not theirs). */
export async function userTurfs(db: CrmDatabase, userId: string): Promise<TurfRow[]> {
  return live((await db.turfs.where('user_id').equals(userId).toArray()) as TurfRow[]);
}

/** The live turfs the members of a team work. */
export async function teamTurfs(db: CrmDatabase, teamId: string): Promise<TurfRow[]> {
  const members = (await db.team_members.where('team_id').equals(teamId).toArray()) as TeamMemberRow[];
  const ids = [...new Set(members.filter((m) => !m.deleted_at).map((m) => String(m.user_id)))];
  if (!ids.length) return [];
  return live((await db.turfs.where('user_id').anyOf(ids).toArray()) as TurfRow[]);
}

/**
 * Each turf's doors and how many were knocked this week (src/domain/turfProgress.ts), from the
 * contacts the device holds and this week's knocks.
 */
export async function turfProgressOf(
  db: CrmDatabase,
  turfIds: readonly string[],
  now: Date,
): Promise<TurfProgress[]> {
  if (!turfIds.length) return [];
  const wanted = new Set(turfIds);
  const week = progressWeek(now);
  const [doors, knocks] = await Promise.all([
    db.contacts
      .filter((row) => typeof row.turf_id === 'string' && wanted.has(row.turf_id) && !row.deleted_at)
      .toArray(),
    knocksInPeriod(db, week.start, week.end),
  ]);
  return turfProgress(turfIds, doors, knocks, now);
}

/** A door of a region as a cut reads it: where it is, whose it is, and its expected value. */
export interface RegionDoor {
  id: string;
  lng: number;
  lat: number;
  owner_id: string | null;
  /** src/domain/turfWeight.ts `expectedValue`: null when the device holds nothing to tell it by. */
  value: number | null;
}

/** The live contacts of a region that have a position on the map. */
export async function regionDoors(db: CrmDatabase, regionId: string): Promise<RegionDoor[]> {
  const doors: RegionDoor[] = [];
  await db.contacts
    .filter((row) => row.region_id === regionId && !row.deleted_at)
    .each((row) => {
      const position = positionOf(row);
      if (!position) return;
      const owner = typeof row.owner_id === 'string' && row.owner_id ? row.owner_id : null;
      doors.push({
        id: row._id,
        lng: position[0],
        lat: position[1],
        owner_id: owner,
        value: expectedValue(row),
      });
    });
  return doors;
}
