import {
  type ActivityLine,
  type ActivityRecordKind,
  activityLine,
  activityRefs,
  type HeldRecord,
} from '#src/domain/activityEntry.ts';
import { activityConcerns, type FeedScope } from '#src/domain/activityFeed.ts';
import type { CrmDatabase, EntityRow } from '../database.ts';
import type { ActivityRow, TeamMemberRow, TeamRow } from '../rows.ts';
import { text } from './text.ts';

export interface FeedEntry {
  row: ActivityRow;
  /** Who did it, by name (the activity's own name when the user is not on the device). */
  who: string;
  /** What it says of the record it is about, by the record's name held now, and what it opens. */
  line: ActivityLine;
}

const TABLE_OF: Record<ActivityRecordKind, 'contacts' | 'teams' | 'users' | 'regions'> = {
  lead: 'contacts',
  team: 'teams',
  user: 'users',
  region: 'regions',
};

/**
 * Activity entries each with who did it (their user's name, else the name the entry carries) and
 * their line: the records they are about named as this device holds them now.
 */
export async function describeActivities(db: CrmDatabase, rows: ActivityRow[]): Promise<FeedEntry[]> {
  const wanted = new Map<ActivityRecordKind, Set<string>>();
  const want = (kind: ActivityRecordKind, id: string) => {
    if (!wanted.has(kind)) wanted.set(kind, new Set());
    wanted.get(kind)?.add(id);
  };
  for (const row of rows) {
    const actor = text(row.actor_id);
    if (actor) want('user', actor);
    for (const ref of activityRefs(row)) want(ref.kind, ref.id);
  }
  const held = new Map<string, HeldRecord>();
  for (const [kind, ids] of wanted) {
    const list = [...ids];
    const found = (await db[TABLE_OF[kind]].bulkGet(list)) as (EntityRow | undefined)[];
    list.forEach((id, i) => {
      const row = found[i];
      if (row && !row.deleted_at) held.set(`${kind}:${id}`, { name: text(row.name) });
    });
  }
  return rows.map((row) => ({
    row,
    who: held.get(`user:${text(row.actor_id)}`)?.name || text(row.name),
    line: activityLine(row, (ref) => held.get(`${ref.kind}:${ref.id}`)),
  }));
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
  return describeActivities(db, rows);
}

/** Everything this device holds of what happened, newest first: the activity panel. */
export async function latestActivity(db: CrmDatabase, limit: number): Promise<FeedEntry[]> {
  const rows = (await db.activities
    .orderBy('date')
    .reverse()
    .filter((a) => !a.deleted_at)
    .limit(limit)
    .toArray()) as ActivityRow[];
  return describeActivities(db, rows);
}
