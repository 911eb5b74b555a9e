import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '#src/db/rows.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useAllTeamMembers, useTeams } from '#src/device/hooks/useTeams.ts';
import { useUsers } from '#src/device/hooks/useUsers.ts';
import { canManageTeamMembership } from '#src/domain/permissions.ts';
import type { TeamRole } from '#src/domain/roles.ts';
import { showToast, toastError } from '#src/ui/toasts.tsx';
import { type Membership, membersByTeam, moveMember, setTeamRole } from '../utils/teamMoves.ts';

/** Each user's memberships from the device's team_members rows. */
function membershipsByUser(rows: readonly { user_id: string; team_id: string; role?: unknown }[]) {
  const out = new Map<string, Membership[]>();
  for (const m of rows) {
    const list = out.get(m.user_id) ?? [];
    list.push({ id: m.team_id, role: String(m.role) as TeamRole });
    out.set(m.user_id, list);
  }
  return out;
}

/**
 * The team manager's state: the teams and who is in each, from the device, and moves and role
 * changes written through the user commands (offline first; the server records 'added_to_team').
 */
export function useTeamManager() {
  const { t } = useTranslation('teams');
  const actor = useActor();
  const teams = useTeams();
  const users = useUsers();
  const { editUser } = useCommands();
  const memberRows = useAllTeamMembers();
  // This screen's own moves show at once, while the user's change waits to sync (their row is
  // pending); then the synced memberships tell.
  const [written, setWritten] = useState<Map<string, Membership[]>>(new Map());
  const memberships = useMemo(() => {
    const synced = membershipsByUser(memberRows);
    const pending = new Set(users.filter((u) => u.pending).map((u) => u._id));
    for (const [userId, teams] of written) if (pending.has(userId)) synced.set(userId, teams);
    return synced;
  }, [memberRows, written, users]);
  const membershipsOf = (user: UserRow) => memberships.get(user._id) ?? [];
  const byTeam = useMemo(
    () =>
      membersByTeam(
        users.filter((u) => u.status !== false).map((u) => ({ ...u, teams: memberships.get(u._id) ?? [] })),
      ),
    [users, memberships],
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
      setWritten((w) => new Map(w).set(user._id, teamsNext));
      showToast({ title: t('teamManager.saved'), message: user.name ?? '' });
    } catch (err) {
      // The spec's red toast, the rule's reason under it.
      toastError(t('teamManager.error'), err);
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
