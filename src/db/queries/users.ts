/** Users on the device: the people a screen names (owners, authors, consultants). */
import type { CrmDatabase } from '../database.ts';
import type { UserRow } from '../rows.ts';
import { text } from './text.ts';

export async function listUsers(db: CrmDatabase): Promise<UserRow[]> {
  return (await db.users.toArray()) as UserRow[];
}

export async function getUser(db: CrmDatabase, id: string): Promise<UserRow | undefined> {
  return (await db.users.get(id)) as UserRow | undefined;
}

/** The users of these ids, in the same order (undefined where one is not on the device). */
export async function getUsers(db: CrmDatabase, ids: readonly string[]): Promise<(UserRow | undefined)[]> {
  return (await db.users.bulkGet([...ids])) as (UserRow | undefined)[];
}

/** Each user's name by id (empty when the row has none). */
export async function userNames(db: CrmDatabase): Promise<Map<string, string>> {
  return new Map((await listUsers(db)).map((u) => [u._id, text(u.name)]));
}

/** One of a user's teams, by the name the device's team has now, with the user's role in it. */
export interface UserTeam {
  id: string;
  name: string;
  role: string;
}

/**
 * A user's teams as their row lists them (the server sends each user with their memberships, and
 * a change written on this device shows at once), named as the device's teams are now: a team
 * renamed since shows its new name, a team deleted since is left out.
 */
export async function userTeams(db: CrmDatabase, user: UserRow | undefined): Promise<UserTeam[]> {
  const listed = Array.isArray(user?.teams) ? user.teams : [];
  if (!listed.length) return [];
  const rows = await db.teams.bulkGet(listed.map((m) => m.id));
  const out: UserTeam[] = [];
  listed.forEach((m, i) => {
    const team = rows[i];
    if (team?.deleted_at) return;
    out.push({ id: m.id, name: text(team?.name) || text(m.name) || m.id, role: String(m.role ?? '') });
  });
  return out;
}
