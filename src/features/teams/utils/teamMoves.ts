/**
 * The team manager's changes as a user's new list of memberships (what users/edit takes): moving
 * someone from one team to another, or setting their role in a team. Pure, so they are tested
 * without a screen; each answers a new list and keeps the user's other teams as they were.
 */
import type { TeamRole } from '#src/domain/roles.ts';

export interface Membership {
  id: string;
  role: TeamRole;
}

/** Out of `from` (null: from no team) and into `to` (null: out of every team moved from) as a Member. */
export function moveMember(
  teams: readonly Membership[],
  from: string | null,
  to: string | null,
): Membership[] {
  const kept = teams.filter((m) => m.id !== from && m.id !== to);
  const already = teams.find((m) => m.id === to);
  return to ? [...kept, already ?? { id: to, role: 'Member' }] : kept;
}

export function setTeamRole(teams: readonly Membership[], team: string, role: TeamRole): Membership[] {
  return teams.map((m) => (m.id === team ? { ...m, role } : m));
}

/** Who is in each team (by team id, '' for people on no team), from users' memberships. */
export function membersByTeam<U extends { _id: string; teams?: readonly Membership[] | undefined }>(
  users: readonly U[],
): Map<string, { user: U; role: TeamRole }[]> {
  const out = new Map<string, { user: U; role: TeamRole }[]>();
  const add = (team: string, user: U, role: TeamRole) => {
    const list = out.get(team) ?? [];
    list.push({ user, role });
    out.set(team, list);
  };
  for (const user of users) {
    const teams = user.teams ?? [];
    if (!teams.length) add('', user, 'Member');
    for (const m of teams) add(m.id, user, m.role);
  }
  return out;
}
