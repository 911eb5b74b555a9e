/** Teams and regions on the device. */
import type { CrmDatabase } from '../database.ts';
import type { RegionRow, TeamRow } from '../rows.ts';

export async function listTeams(db: CrmDatabase): Promise<TeamRow[]> {
  return (await db.teams.toArray()) as TeamRow[];
}

export async function listRegions(db: CrmDatabase): Promise<RegionRow[]> {
  return (await db.regions.toArray()) as RegionRow[];
}
