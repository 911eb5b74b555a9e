/**
 * The last-admin rule: an org always keeps someone who can make admins, so an admin can never lock
 * everybody out. An admin is a live user (not deleted, active, status on) whose level or built-in
 * role is admin, or who holds a named role granting `users.manage` (they can make anyone an admin
 * again). Checked after the change is written, inside its transaction: a refusal rolls it back.
 * Every write of an org first takes the org's version counter (versions.ts), which serialises them,
 * so two admins demoting each other at once cannot both succeed.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ADMIN_EQUIVALENT_ACTION, actsAsAdmin, LAST_ADMIN_MESSAGE } from '#src/domain/customRoles.ts';
import { ADMIN_ROLE_IDS } from '#src/domain/roles.ts';
import { roles, users } from '../db/schema.ts';
import type { Tx } from './context.ts';
import { conflict } from './serviceError.ts';

/** The org's live named roles whose holders count as admins. */
export async function adminEquivalentRoleIds(tx: Tx, orgId: number): Promise<Set<number>> {
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.org_id, orgId),
        isNull(roles.deleted_at),
        sql`${ADMIN_EQUIVALENT_ACTION} = ANY(${roles.permissions})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The facts of a user account that decide whether it counts as an admin. */
export interface AdminFacts {
  access_level: string | null;
  roles: readonly number[];
  status: boolean;
  active: boolean;
  deleted_at: string | null;
}

export function countsAsAdmin(user: AdminFacts, equivalent: ReadonlySet<number>): boolean {
  return user.status && user.active && !user.deleted_at && actsAsAdmin(user, equivalent);
}

/** Refuses when the org has no admin left (as this transaction sees it). */
export async function ensureAdminRemains(tx: Tx, orgId: number): Promise<void> {
  const adminIds = [...ADMIN_ROLE_IDS, ...(await adminEquivalentRoleIds(tx, orgId))];
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.org_id, orgId),
        isNull(users.deleted_at),
        eq(users.status, true),
        eq(users.active, true),
        sql`(lower(${users.access_level}) = 'admin' OR ${users.roles} && ${sql.param(adminIds)}::int[])`,
      ),
    )
    .limit(1);
  if (!admin) throw conflict(LAST_ADMIN_MESSAGE);
}

/** After a user's account changed: refuses when it stopped counting as an admin and was the last. */
export async function guardUserChange(
  tx: Tx,
  orgId: number,
  before: AdminFacts,
  after: AdminFacts,
): Promise<void> {
  const equivalent = await adminEquivalentRoleIds(tx, orgId);
  // `equivalent` is read after the write; a user edit never changes roles' permissions.
  if (countsAsAdmin(before, equivalent) && !countsAsAdmin(after, equivalent)) {
    await ensureAdminRemains(tx, orgId);
  }
}
