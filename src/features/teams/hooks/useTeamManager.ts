import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '../../../db/rows.ts';
import { useActor } from '../../../device/hooks/useActor.ts';
import { useCommands } from '../../../device/hooks/useCommands.ts';
import { useTeams } from '../../../device/hooks/useTeams.ts';
import { useUsers } from '../../../device/hooks/useUsers.ts';
import { canManageTeamMembership } from '../../../domain/permissions.ts';
import type { TeamRole } from '../../../domain/roles.ts';
import { type Membership, membersByTeam, moveMember, setTeamRole } from '../utils/teamMoves.ts';

const membershipsOf = (user: UserRow): Membership[] =>
  ((user.teams ?? []) as { id: string; role: string }[]).map((m) => ({ id: m.id, role: m.role as TeamRole }));

/**
 * The team manager's state: the teams and who is in each, from the device, and moves and role
 * changes written through the user commands (offline first; the server records 'added_to_team').
 */
export function useTeamManager() {
  const { t } = useTranslation();
  const actor = useActor();
  const teams = useTeams();
  const users = useUsers();
  const { editUser } = useCommands();
  const active = useMemo(() => users.filter((u) => u.status !== false), [users]);
  const byTeam = useMemo(
    () => membersByTeam(active.map((u) => ({ ...u, _id: u._id, teams: membershipsOf(u) }))),
    [active],
  );
  const shown = useMemo(
    () =>
      teams.filter((team) => !team.deleted_at).sort((x, y) => String(x.name).localeCompare(String(y.name))),
    [teams],
  );
  const mayChange = (teamId: string | null) =>
    teamId === null || canManageTeamMembership(actor, { id: teamId, org_id: actor.org_id });

  async function write(user: UserRow, teamsNext: Membership[]) {
    try {
      await editUser(user._id, { teams: teamsNext });
      notifications.show({ title: t('teamManager.saved'), message: user.name });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('common.error'),
        message: err instanceof Error ? err.message : t('teamManager.error'),
      });
    }
  }

  async function move(userId: string, from: string | null, to: string | null) {
    const user = users.find((u) => u._id === userId);
    if (!user || from === to || !mayChange(from) || !mayChange(to)) return;
    await write(user, moveMember(membershipsOf(user), from, to));
  }

  async function setRole(userId: string, team: string, role: TeamRole) {
    const user = users.find((u) => u._id === userId);
    if (!user || !mayChange(team)) return;
    await write(user, setTeamRole(membershipsOf(user), team, role));
  }

  return { teams: shown, byTeam, move, setRole, mayChange };
}
