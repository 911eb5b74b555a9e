import { activityConcerns, type FeedScope } from '#src/domain/activityFeed.ts';
import type { CrmDatabase } from '../database.ts';
import type { ActivityRow, TeamMemberRow, TeamRow } from '../rows.ts';
import { withWho } from './leadRecords.ts';

export interface FeedEntry {
  row: ActivityRow;
  /** Who did it, by name (the activity's own name when the user is not on the device). */
  who: string;
}

/**
 * The latest activity of some teams or of a region (its teams taken in), newest first: the
 * consolidated feed of SPEC section 7, from the activities this device holds. `leadIds` are the
 * contacts of those teams or in that region.
 */
export async function consolidatedActivity(
  db: CrmDatabase,
  where: { teamIds?: readonly string[]; regionId?: string; leadIds: ReadonlySet<string> },
  limit: number,
): Promise<FeedEntry[]> {
  const regionTeams = where.regionId
    ? ((await db.teams.toArray()) as TeamRow[])
        .filter((t) => !t.deleted_at && t.region_id === where.regionId)
        .map((t) => t._id)
    : [];
  const teamIds = [...(where.teamIds ?? []), ...regionTeams];
  const members = teamIds.length
    ? ((await db.team_members.where('team_id').anyOf(teamIds).toArray()) as TeamMemberRow[])
    : [];
  const scope: FeedScope = {
    teamIds: new Set(teamIds),
    memberIds: new Set(members.filter((m) => !m.deleted_at).map((m) => String(m.user_id))),
    leadIds: where.leadIds,
    ...(where.regionId ? { regionId: where.regionId } : {}),
  };
  const rows = (await db.activities
    .orderBy('date')
    .reverse()
    .filter((a) => !a.deleted_at && activityConcerns(a, scope))
    .limit(limit)
    .toArray()) as ActivityRow[];
  return withWho(db, rows);
}

/** Everything this device holds of what happened, newest first: the activity panel. */
export async function latestActivity(db: CrmDatabase, limit: number): Promise<FeedEntry[]> {
  const rows = (await db.activities
    .orderBy('date')
    .reverse()
    .filter((a) => !a.deleted_at)
    .limit(limit)
    .toArray()) as ActivityRow[];
  return withWho(db, rows);
}
