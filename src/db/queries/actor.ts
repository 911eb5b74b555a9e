/**
 * The signed-in user as the permission rules see them, from the rows on the device, computed the
 * way the server computes it (server/services/actors.ts), so the controls a screen shows match
 * what the server will allow.
 */
import { grantedActions, type RoleFacts } from '#src/domain/customRoles.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { DEFAULT_ORG_ID, effectiveAccessLevel, isSuperAdmin } from '#src/domain/roles.ts';
import type { CrmDatabase } from '../database.ts';
import type { RoleRow, TeamMemberRow, TeamRow, UserRow } from '../rows.ts';

export async function loadActor(
  db: CrmDatabase,
  userId: string,
  fallbackAccess?: string,
  actingOrg?: number,
): Promise<Actor> {
  // A super admin acting in another org (the server refuses it to anyone else) is an admin there,
  // on none of its teams; their own row stays in their own org's database.
  if (actingOrg !== undefined) {
    return { ...provisionalActor(userId, 'Admin'), org_id: actingOrg, super_admin: true };
  }
  const [self, memberships, allTeams, roleRows] = await Promise.all([
    db.users.get(userId).then((row) => row as UserRow | undefined),
    db.team_members
      .where('user_id')
      .equals(userId)
      .toArray()
      .then((rows) => rows as TeamMemberRow[]),
    db.teams.toArray().then((rows) => rows as TeamRow[]),
    db.roles.toArray().then((rows) => rows as RoleRow[]),
  ]);
  const live = <T extends { deleted_at?: string | null }>(rows: T[]) => rows.filter((r) => !r.deleted_at);
  const teams = new Map(live(allTeams).map((t) => [t._id, t]));
  const mine = live(memberships).filter((m) => teams.has(String(m.team_id)));
  const led = [...teams.values()].filter((t) => t.leader_id === userId);
  const teamIds = unique(mine.map((m) => String(m.team_id)));
  const managedTeamIds = unique([
    ...mine.filter((m) => m.role === 'Leader' || m.role === 'Manager').map((m) => String(m.team_id)),
    ...led.map((t) => t._id),
  ]);
  const regionIds = unique(
    [...mine.map((m) => teams.get(String(m.team_id))?.region_id), ...led.map((t) => t.region_id)].filter(
      (r): r is string => typeof r === 'string' && r !== '',
    ),
  );
  const managedMemberIds = managedTeamIds.length
    ? unique(
        live((await db.team_members.where('team_id').anyOf(managedTeamIds).toArray()) as TeamMemberRow[]).map(
          (m) => String(m.user_id),
        ),
      )
    : [];
  const roles = Array.isArray(self?.roles) ? self.roles : [];
  const orgId = Number(self?.org_id ?? DEFAULT_ORG_ID);
  const granted = grantedActions(roles, roleRows.map(roleFacts), orgId);
  return {
    user_id: userId,
    org_id: orgId,
    level: effectiveAccessLevel(self?.access_level ?? fallbackAccess, roles),
    super_admin: isSuperAdmin(roles),
    team_ids: teamIds,
    managed_team_ids: managedTeamIds,
    region_ids: regionIds,
    managed_member_ids: managedMemberIds,
    ...(granted.length ? { granted } : {}),
  };
}

/** A synced role row as the grant rule reads it (a row made before its fields arrived grants nothing). */
function roleFacts(row: RoleRow): RoleFacts {
  return {
    id: Number(row.id ?? row._id),
    org_id: Number(row.org_id),
    permissions: Array.isArray(row.permissions) ? row.permissions : [],
    deleted_at: row.deleted_at ?? null,
  };
}

/** Before the rows are read: the level the session names, and nothing else. */
export function provisionalActor(userId: string, fallbackAccess?: string): Actor {
  return {
    user_id: userId,
    org_id: DEFAULT_ORG_ID,
    level: effectiveAccessLevel(fallbackAccess, []),
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
