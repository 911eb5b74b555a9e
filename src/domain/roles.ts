/** Access levels and role ids of the spec (section 6), and how a user's level is derived. */

export const ACCESS_LEVELS = ['Guest', 'User', 'Manager', 'Admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const TEAM_ROLES = ['Leader', 'Manager', 'Member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const SETTER_CLOSER_TYPES = ['setter', 'closer', 'setter_closer'] as const;
export type SetterCloserType = (typeof SETTER_CLOSER_TYPES)[number];

/** Role ids 1 and 10 count as admin; 10 is the super admin who may act across orgs. */
export const ADMIN_ROLE_IDS: readonly number[] = [1, 10];
export const SUPER_ADMIN_ROLE_ID = 10;
/** Role ids 3 and 4 are the spec's privileged tier; they act with Manager rights. */
export const PRIVILEGED_ROLE_IDS: readonly number[] = [3, 4];

export const DEFAULT_ORG_ID = 6;
export const DEFAULT_PRODUCT_ID = 198;

/** The spec's admin check: access_level compared to admin, case-insensitively. */
export function isAdminLevel(accessLevel: string | null | undefined): boolean {
  return (accessLevel ?? '').toLowerCase() === 'admin';
}

/** Parses a stored or submitted access level case-insensitively; unknown values are not guessed. */
export function parseAccessLevel(value: string | null | undefined): AccessLevel | undefined {
  const lower = (value ?? '').toLowerCase();
  return ACCESS_LEVELS.find((level) => level.toLowerCase() === lower);
}

/**
 * The level a user acts with: the highest of their access level and what their role ids grant.
 * Unknown levels fall back to Guest, the least privileged.
 */
export function effectiveAccessLevel(
  accessLevel: string | null | undefined,
  roleIds: readonly number[],
): AccessLevel {
  const fromLevel = parseAccessLevel(accessLevel) ?? 'Guest';
  const fromRoles: AccessLevel = roleIds.some((r) => ADMIN_ROLE_IDS.includes(r))
    ? 'Admin'
    : roleIds.some((r) => PRIVILEGED_ROLE_IDS.includes(r))
      ? 'Manager'
      : 'Guest';
  return ACCESS_LEVELS.indexOf(fromLevel) >= ACCESS_LEVELS.indexOf(fromRoles) ? fromLevel : fromRoles;
}

export function isSuperAdmin(roleIds: readonly number[]): boolean {
  return roleIds.includes(SUPER_ADMIN_ROLE_ID);
}
