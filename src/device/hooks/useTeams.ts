import { useLiveQuery } from 'dexie-react-hooks';
import { allTeamMembers, listRegions, listTeams, teamMembers } from '#src/db/queries/teams.ts';
import type { RegionRow, TeamMemberRow, TeamRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

const NO_TEAMS: TeamRow[] = [];
const NO_REGIONS: RegionRow[] = [];

/** Every team on the device (empty until read). */
export function useTeams(): TeamRow[] {
  const { db } = useDevice();
  return useLiveQuery(() => listTeams(db), [db], NO_TEAMS);
}

/** Every region on the device (empty until read, or while `enabled` is false). */
export function useRegions(enabled = true): RegionRow[] {
  const { db } = useDevice();
  return useLiveQuery(() => (enabled ? listRegions(db) : NO_REGIONS), [db, enabled], NO_REGIONS);
}

/** A team's members on the device (undefined while reading). */
export function useTeamMembers(teamId: string | undefined): TeamMemberRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(async () => (teamId ? teamMembers(db, teamId) : []), [db, teamId]);
}

/** Every team membership on the device (empty until read). */
export function useAllTeamMembers(): TeamMemberRow[] {
  const { db } = useDevice();
  return useLiveQuery(() => allTeamMembers(db), [db], NO_MEMBERS);
}
const NO_MEMBERS: TeamMemberRow[] = [];
