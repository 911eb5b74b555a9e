/**
 * An org's named roles: numbered from CUSTOM_ROLE_MIN_ID, above the spec's built-in role ids, and
 * held by users in the same `roles` list. A role grants a set of actions at org scope (see
 * GRANTABLE_GROUPS in permissions.ts); it never lowers what a user's level gives. The server builds
 * the caller's grants with `grantedActions` (server/services/actors.ts) and the device does the
 * same from its synced rows (src/db/queries/actor.ts).
 */
import { type Action, type GrantableAction, isGrantable } from './permissions.ts';
import { ADMIN_ROLE_IDS, effectiveAccessLevel, PRIVILEGED_ROLE_IDS, SUPER_ADMIN_ROLE_ID } from './roles.ts';

/** Ids below this are the spec's built-in roles; the database numbers named roles from here. */
export const CUSTOM_ROLE_MIN_ID = 100;

/** The built-in role ids a user may hold, with what each means (catalogue key under roles.builtIn). */
export const BUILT_IN_ROLES = [
  { id: 1, meaning: 'admin' },
  { id: 3, meaning: 'privileged' },
  { id: 4, meaning: 'privileged' },
  { id: SUPER_ADMIN_ROLE_ID, meaning: 'superAdmin' },
] as const;
export const BUILT_IN_ROLE_IDS: readonly number[] = [...ADMIN_ROLE_IDS, ...PRIVILEGED_ROLE_IDS];

/** The grant that makes a role's holders count as admins: they can make anyone an admin again. */
export const ADMIN_EQUIVALENT_ACTION: GrantableAction = 'users.manage';

/**
 * Grants that let holders reach beyond their own level, which the roles editor marks: managing
 * users (they can make anyone, themselves included, an admin); managing teams, team membership or
 * regions (they can lead or join any team, or redraw a region, and so bring any lead into their
 * own reach); and integrations (they set where everyone's connections to outside services sign
 * in). Managing automations is not among them: an automation acts as its author, with the
 * author's own rights, and webhooks need org-wide contact read besides.
 */
export const ADMIN_EQUIVALENT_GRANTS: readonly GrantableAction[] = [
  'users.manage',
  'teams.manage',
  'teams.membership',
  'regions.manage',
  'integrations.manage',
];

export function isAdminEquivalentGrant(action: string): boolean {
  return (ADMIN_EQUIVALENT_GRANTS as readonly string[]).includes(action);
}

export const LAST_ADMIN_MESSAGE = 'An organisation needs at least one admin.';

/** What the rules need to know of a named role. */
export interface RoleFacts {
  id: number;
  org_id: number;
  permissions: readonly string[];
  deleted_at?: string | null;
}

export function isBuiltInRole(id: number): boolean {
  return BUILT_IN_ROLE_IDS.includes(id);
}

/**
 * The actions a user's role ids grant: only live roles of the user's own org count, and only
 * grantable actions (a stored list is never trusted to widen beyond them).
 */
export function grantedActions(
  roleIds: readonly number[],
  roles: readonly RoleFacts[],
  orgId: number,
): Action[] {
  const held = new Set(roleIds);
  const out = new Set<Action>();
  for (const role of roles) {
    if (role.org_id !== orgId || role.deleted_at || !held.has(role.id)) continue;
    for (const action of role.permissions) if (isGrantable(action)) out.add(action);
  }
  return [...out].sort();
}

/**
 * Role ids a change adds that are neither built in nor a live role of the org; ids the user
 * already holds are left alone, so an edit never fails on what it did not touch.
 */
export function unknownRoleIds(
  wanted: readonly number[],
  held: readonly number[],
  roles: readonly RoleFacts[],
  orgId: number,
): number[] {
  const known = new Set(roles.filter((r) => r.org_id === orgId && !r.deleted_at).map((r) => r.id));
  return [...new Set(wanted)].filter((id) => !isBuiltInRole(id) && !known.has(id) && !held.includes(id));
}

/** Whether a user acts as an admin: by level or built-in role, or through an admin-equivalent role. */
export function actsAsAdmin(
  user: { access_level: string | null; roles: readonly number[] },
  adminEquivalentRoleIds: ReadonlySet<number>,
): boolean {
  return (
    effectiveAccessLevel(user.access_level, user.roles) === 'Admin' ||
    user.roles.some((id) => adminEquivalentRoleIds.has(id))
  );
}

/** The name two roles may not share in one org: trimmed, spaces collapsed, case ignored. */
export function roleNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
