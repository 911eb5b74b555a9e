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
