import { useLiveQuery } from 'dexie-react-hooks';
import { getUser, getUsers, listUsers, type UserTeam, userNames, userTeams } from '#src/db/queries/users.ts';
import type { UserRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

const NO_USERS: UserRow[] = [];

/** Every user on the device (empty until read). */
export function useUsers(): UserRow[] {
  const { db } = useDevice();
  return useLiveQuery(() => listUsers(db), [db], NO_USERS);
}

/** One user, or undefined (not on the device, no id, or not read yet). */
export function useUser(id: string | undefined): UserRow | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => (id ? getUser(db, id) : undefined), [db, id]);
}

/** The users of these ids, in order (undefined where one is missing); empty until read. */
export function useUsersByIds(ids: readonly string[]): (UserRow | undefined)[] {
  const { db } = useDevice();
  return useLiveQuery(() => getUsers(db, ids), [db, ids], NO_USERS);
}

/** Each user's name by id; undefined until read. */
export function useUserNames(): Map<string, string> | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => userNames(db), [db]);
}

const NO_TEAMS: UserTeam[] = [];

/** A user's teams with their role in each, named as the device's teams are now (empty until read). */
export function useUserTeams(user: UserRow | undefined): UserTeam[] {
  const { db } = useDevice();
  return useLiveQuery(() => userTeams(db, user), [db, user], NO_TEAMS);
}
