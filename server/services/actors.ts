/** Loads who is calling: the user row and the team facts the permission table needs. */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { CUSTOM_ROLE_MIN_ID, grantedActions } from '#src/domain/customRoles.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { effectiveAccessLevel, isSuperAdmin } from '#src/domain/roles.ts';
import type { Database } from '../db/client.ts';
import { authSessions, roles, teamMembers, teams, users } from '../db/schema.ts';
import type { Tx } from './context.ts';

export type UserRow = typeof users.$inferSelect;

export interface Caller {
  actor: Actor;
  user: UserRow;
}

/** The caller's actor, or undefined when the user is missing, deleted or inactive. */
export async function loadCaller(db: Tx, userId: string, orgOverride?: number): Promise<Caller | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  if (!user?.active || !user.status) return undefined;

  const memberships = await db
    .select({
      team_id: teamMembers.team_id,
      role: teamMembers.role,
      region_id: teams.region_id,
      leader_id: teams.leader_id,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.team_id))
    .where(and(eq(teamMembers.user_id, userId), isNull(teamMembers.deleted_at), isNull(teams.deleted_at)));
  const led = await db
    .select({ id: teams.id, region_id: teams.region_id })
    .from(teams)
    .where(and(eq(teams.leader_id, userId), isNull(teams.deleted_at)));

  const teamIds = unique(memberships.map((m) => m.team_id));
  const managedTeamIds = unique([
    ...memberships.filter((m) => m.role === 'Leader' || m.role === 'Manager').map((m) => m.team_id),
    ...led.map((t) => t.id),
  ]);
  const regionIds = unique(
    [...memberships.map((m) => m.region_id), ...led.map((t) => t.region_id)].filter(
      (r): r is string => r !== null,
    ),
  );
  const managedMemberIds = managedTeamIds.length
    ? unique(
        (
          await db
            .select({ user_id: teamMembers.user_id })
            .from(teamMembers)
            .where(
              and(
                sql`${teamMembers.team_id} = ANY(${sql.param(managedTeamIds)}::uuid[])`,
                isNull(teamMembers.deleted_at),
              ),
            )
        ).map((m) => m.user_id),
      )
    : [];

  const superAdmin = isSuperAdmin(user.roles);
  const orgId = superAdmin && orgOverride !== undefined ? orgOverride : user.org_id;
  // Named roles are the user's own org's: acting in another org, a super admin brings none along.
  const customIds = user.roles.filter((id) => id >= CUSTOM_ROLE_MIN_ID);
  const granted =
    customIds.length && orgId === user.org_id
      ? grantedActions(
          user.roles,
          await db
            .select({ id: roles.id, org_id: roles.org_id, permissions: roles.permissions })
            .from(roles)
            .where(
              and(eq(roles.org_id, user.org_id), inArray(roles.id, customIds), isNull(roles.deleted_at)),
            ),
          user.org_id,
        )
      : [];
  const actor: Actor = {
    user_id: user.id,
    org_id: orgId,
    level: effectiveAccessLevel(user.access_level, user.roles),
    super_admin: superAdmin,
    team_ids: teamIds,
    managed_team_ids: managedTeamIds,
    region_ids: regionIds,
    managed_member_ids: managedMemberIds,
    ...(granted.length ? { granted } : {}),
  };
  return { actor, user };
}

/**
 * The newest version of the org's named roles, for the org of the `users` row in the query. The
 * org is named with its table: inside a select from one table drizzle drops table names, and a bare
 * `org_id` would then be the subquery's own `r.org_id` (every org's roles).
 */
const orgRolesVersion = sql<string>`(SELECT coalesce(max(r.version), 0) FROM ${roles} r WHERE r.org_id = ${users}.${sql.identifier('org_id')})`;
/** The newest version of the org's teams (leaders, regions) and of its team memberships, likewise. */
const orgTeamsVersion = sql<string>`(SELECT coalesce(max(t.version), 0) FROM ${teams} t WHERE t.org_id = ${users}.${sql.identifier('org_id')})`;
const orgMembersVersion = sql<string>`(SELECT coalesce(max(m.version), 0) FROM ${teamMembers} m WHERE m.org_id = ${users}.${sql.identifier('org_id')})`;

/** The stamp's reads, beside the row that names the user. */
const stampColumns = {
  user: users.version,
  roles: orgRolesVersion,
  teams: orgTeamsVersion,
  members: orgMembersVersion,
};

const stampOf = (row: {
  user: number;
  roles: string | number;
  teams: string | number;
  members: string | number;
}) => `${row.user}:${row.roles}:${row.teams}:${row.members}`;

/**
 * What changes whenever the caller's rights may have: their account's version (level, roles,
 * status) and the newest versions of their org's named roles, teams and team memberships (every
 * fact `loadCaller` reads). Undefined for an unknown user.
 */
export async function callerStamp(db: Tx, userId: string): Promise<string | undefined> {
  const [row] = await db.select(stampColumns).from(users).where(eq(users.id, userId));
  return row ? stampOf(row) : undefined;
}

function sessionStampQuery(db: Database) {
  return db
    .select({ user_id: authSessions.user_id, ...stampColumns })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.user_id))
    .where(
      and(
        eq(authSessions.token_hash, sql.placeholder('hash')),
        isNull(authSessions.revoked_at),
        gt(authSessions.expires_at, sql.placeholder('now')),
      ),
    )
    .prepare('session_stamp');
}
const sessionStampQueries = new WeakMap<Database, ReturnType<typeof sessionStampQuery>>();

/**
 * A live session's user and their `callerStamp`, in one prepared read (every signed-in request
 * makes it): undefined once the session is revoked or expired.
 */
export async function sessionStamp(
  db: Database,
  hash: string,
  now: Date,
): Promise<{ user_id: string; stamp: string } | undefined> {
  let query = sessionStampQueries.get(db);
  if (!query) {
    query = sessionStampQuery(db);
    sessionStampQueries.set(db, query);
  }
  const [row] = await query.execute({ hash, now: now.toISOString() });
  return row ? { user_id: row.user_id, stamp: stampOf(row) } : undefined;
}

/** The author of what the system writes on its own: no user ever has the nil id. */
export const SYSTEM_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The org itself, as the author of what scheduled work writes on its own (a contest's start and
 * winner, the weekly records): the notifications those services send carry its nil id as their
 * author. It acts in that one org only, is never a super admin, belongs to no team or region and
 * holds no named role; through the permission table it may do no more than a guest (read the
 * org's announcements and terms), so no service ever lets it change a contact, a user, a setting
 * or a contest. The services that run for it read what they need by the org's id themselves.
 * Automations are not the system: they act as their author (`automations/author.ts`).
 */
export function systemActor(orgId: number): Actor {
  return {
    user_id: SYSTEM_USER_ID,
    org_id: orgId,
    level: 'Guest',
    super_admin: false,
    team_ids: [],
    managed_team_ids: [],
    region_ids: [],
    managed_member_ids: [],
  };
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
