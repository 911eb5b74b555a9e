/**
 * Who may grant what on a user's account: the rules that keep an org admin inside their org.
 * Only a super admin (role 10) grants role 10, touches a super admin's account or changes which
 * orgs a user belongs to; nobody raises their own access level or roles. The server applies this
 * on users/add, users/edit and the sync `user.edit.v1` mutation; the app uses it to hide controls.
 */
import type { Actor } from './permissions.ts';
import {
  ACCESS_LEVELS,
  type AccessLevel,
  effectiveAccessLevel,
  isSuperAdmin,
  SUPER_ADMIN_ROLE_ID,
} from './roles.ts';

/** The facts of an existing account that decide what may change on it. */
export interface UserGrantFacts {
  id: string;
  access_level: string | null;
  roles: readonly number[];
  orgs: readonly number[];
}

/** The grant-bearing fields of an add or edit (absent: unchanged). */
export interface UserGrantChange {
  access_level?: AccessLevel | undefined;
  roles?: readonly number[] | undefined;
  orgs?: readonly number[] | undefined;
  permissions?: unknown;
}

export const GRANT_MESSAGES = {
  superAdminAccount: "Only a super admin can change a super admin's account.",
  superAdminRole: `Only a super admin can grant the super admin role (${SUPER_ADMIN_ROLE_ID}).`,
  orgs: 'Only a super admin can change which organisations a user belongs to.',
  selfRaise: 'You cannot raise your own access level or roles. Ask another admin.',
} as const;

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && new Set(a).size === new Set([...a, ...b]).size;

/**
 * Why the caller may not make this change, or undefined when it may. `target` is undefined for a
 * new account. Whether the caller may edit users at all is the permission table's business.
 */
export function userGrantDenial(
  actor: Actor,
  target: UserGrantFacts | undefined,
  change: UserGrantChange,
): string | undefined {
  if (actor.super_admin) return selfRaiseDenial(actor, target, change);
  if (target && isSuperAdmin(target.roles)) return GRANT_MESSAGES.superAdminAccount;
  if (change.roles?.includes(SUPER_ADMIN_ROLE_ID)) return GRANT_MESSAGES.superAdminRole;
  if (change.orgs !== undefined) {
    const allowed = target ? sameSet(change.orgs, target.orgs) : change.orgs.every((o) => o === actor.org_id);
    if (!allowed) return GRANT_MESSAGES.orgs;
  }
  return selfRaiseDenial(actor, target, change);
}

function selfRaiseDenial(
  actor: Actor,
  target: UserGrantFacts | undefined,
  change: UserGrantChange,
): string | undefined {
  if (!target || target.id !== actor.user_id) return undefined;
  const before = effectiveAccessLevel(target.access_level, target.roles);
  const after = effectiveAccessLevel(
    change.access_level ?? target.access_level,
    change.roles ?? target.roles,
  );
  if (ACCESS_LEVELS.indexOf(after) > ACCESS_LEVELS.indexOf(before)) return GRANT_MESSAGES.selfRaise;
  if (change.roles?.some((r) => !target.roles.includes(r))) return GRANT_MESSAGES.selfRaise;
  if (change.permissions !== undefined) return GRANT_MESSAGES.selfRaise;
  return undefined;
}
