/** Teams and regions on the device. */
import type { CrmDatabase } from '../database.ts';
import type { RegionRow, TeamMemberRow, TeamRow } from '../rows.ts';

export async function listTeams(db: CrmDatabase): Promise<TeamRow[]> {
  return (await db.teams.toArray()) as TeamRow[];
}

export async function listRegions(db: CrmDatabase): Promise<RegionRow[]> {
  return (await db.regions.toArray()) as RegionRow[];
}

/** The live members of a team, with their team role. */
export async function teamMembers(db: CrmDatabase, teamId: string): Promise<TeamMemberRow[]> {
  const rows = (await db.team_members.where('team_id').equals(teamId).toArray()) as TeamMemberRow[];
  return rows.filter((m) => !m.deleted_at);
}

/** Every live team membership on the device. */
export async function allTeamMembers(db: CrmDatabase): Promise<TeamMemberRow[]> {
  return ((await db.team_members.toArray()) as TeamMemberRow[]).filter((m) => !m.deleted_at);
}
