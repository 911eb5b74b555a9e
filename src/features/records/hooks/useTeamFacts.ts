import { useMemo } from 'react';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { useLiveRows } from '#src/device/hooks/useTableRows.ts';
import { useTeamMembers } from '#src/device/hooks/useTeams.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import { countByStage, type StageCount } from '#src/domain/pipeline.ts';
import { TEAM_ROLES, type TeamRole } from '#src/domain/roles.ts';

const TEAM_COLUMNS = ['team_id', 'deal_stage'];

/** A team's members (leaders first, then by name) and its contacts by stage, live from the device. */
export function useTeamFacts(teamId: string): {
  members: { userId: string; name: string; role: TeamRole }[] | undefined;
  stages: StageCount[] | undefined;
  contacts: number | undefined;
} {
  const rows = useTeamMembers(teamId);
  const names = useUserNames();
  const stages = useDealStages();
  const pipeline = useLiveRows(
    'contacts',
    TEAM_COLUMNS,
    async (read) => {
      const mine = (await read()).filter((row) => row.team_id === teamId);
      return { stages: countByStage(mine, stages), contacts: mine.length };
    },
    [teamId, stages],
  );
  const members = useMemo(() => {
    if (!rows || !names) return undefined;
    return rows
      .map((m) => ({
        userId: m.user_id,
        name: names.get(m.user_id) ?? m.user_id,
        role: (TEAM_ROLES as readonly string[]).includes(String(m.role)) ? (m.role as TeamRole) : 'Member',
      }))
      .sort(
        (a, b) => TEAM_ROLES.indexOf(a.role) - TEAM_ROLES.indexOf(b.role) || a.name.localeCompare(b.name),
      );
  }, [rows, names]);
  return { members, stages: pipeline?.stages, contacts: pipeline?.contacts };
}
