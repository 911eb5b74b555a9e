/**
 * An org's named roles: list, add, edit, delete. Admins only (`roles.manage`, which no role
 * grants). Ids are numbered per org from CUSTOM_ROLE_MIN_ID and never reused: a deleted role stays
 * as a tombstone (devices drop it on their next pull). Deleting a role takes it off every account
 * holding it, in the same transaction, so no user keeps an id that no longer means anything.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_EQUIVALENT_ACTION,
  CUSTOM_ROLE_MIN_ID,
  roleNameKey,
  unknownRoleIds,
} from '#src/domain/customRoles.ts';
import { type Actor, can } from '#src/domain/permissions.ts';
import {
  CUSTOM_ROLE_MAX_ID,
  type RoleAddInput,
  type RoleDeleteInput,
  type RoleEditInput,
} from '#src/domain/schemas/roles.ts';
import { roles, users } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { ensureAdminRemains } from './lastAdmin.ts';
import { conflict, forbidden, invalid, notFound } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

type RoleRow = typeof roles.$inferSelect;

export function roleToWire(row: RoleRow, holders?: number) {
  return { ...row, _id: String(row.id), ...(holders !== undefined ? { users: holders } : {}) };
}
export type RoleWire = ReturnType<typeof roleToWire>;

const NOT_FOUND = 'This role does not exist.';

function ensureManager(actor: Actor) {
  if (!can(actor, 'roles.manage')) throw forbidden('Only admins can change roles.');
}

/** How many live accounts of the org hold each role. */
async function holderCounts(tx: Tx, orgId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ roles: users.roles })
    .from(users)
    .where(
      and(
        eq(users.org_id, orgId),
        isNull(users.deleted_at),
        sql`EXISTS (SELECT 1 FROM unnest(${users.roles}) AS r WHERE r >= ${CUSTOM_ROLE_MIN_ID})`,
      ),
    );
  const counts = new Map<number, number>();
  for (const row of rows) for (const id of new Set(row.roles)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

export async function listRoles(ctx: ServiceContext, actor: Actor): Promise<RoleWire[]> {
  ensureManager(actor);
  const rows = await ctx.db
    .select()
    .from(roles)
    .where(and(eq(roles.org_id, actor.org_id), isNull(roles.deleted_at)))
    .orderBy(asc(roles.name), asc(roles.id));
  const counts = await holderCounts(ctx.db, actor.org_id);
  return rows.map((row) => roleToWire(row, counts.get(row.id) ?? 0));
}

async function ensureNameFree(tx: Tx, orgId: number, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.org_id, orgId),
        isNull(roles.deleted_at),
        sql`lower(${roles.name}) = ${roleNameKey(name)}`,
      ),
    );
  if (taken && taken.id !== exceptId) throw conflict('A role with this name already exists.');
}

async function liveRole(tx: Tx, orgId: number, id: number): Promise<RoleRow> {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.org_id, orgId), eq(roles.id, id), isNull(roles.deleted_at)))
    .for('update');
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function addRole(ctx: ServiceContext, actor: Actor, input: RoleAddInput): Promise<RoleWire> {
  ensureManager(actor);
  // The org's version counter is taken first: it serialises the org's writes, so two adds never
  // pick the same id.
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    await ensureNameFree(tx, actor.org_id, input.name);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${roles.id})` })
      .from(roles)
      .where(eq(roles.org_id, actor.org_id));
    const id = Math.max(CUSTOM_ROLE_MIN_ID, Number(last?.max ?? 0) + 1);
    if (id > CUSTOM_ROLE_MAX_ID) {
      throw conflict(
        `An organisation can have at most ${CUSTOM_ROLE_MAX_ID - CUSTOM_ROLE_MIN_ID + 1} roles.`,
      );
    }
    const [row] = await tx
      .insert(roles)
      .values({
        org_id: actor.org_id,
        id,
        name: input.name,
        permissions: input.permissions,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return roleToWire(row, 0);
  });
}

export async function editRole(ctx: ServiceContext, actor: Actor, input: RoleEditInput): Promise<RoleWire> {
  ensureManager(actor);
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const existing = await liveRole(tx, actor.org_id, input.id);
    if (input.name !== undefined) await ensureNameFree(tx, actor.org_id, input.name, input.id);
    const [row] = await tx
      .update(roles)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.permissions !== undefined ? { permissions: input.permissions } : {}),
        version,
        updated_at: ctx.now().toISOString(),
        updated_by: actor.user_id,
      })
      .where(and(eq(roles.org_id, actor.org_id), eq(roles.id, input.id)))
      .returning();
    if (!row) throw notFound(NOT_FOUND);
    const wasAdminEquivalent = existing.permissions.includes(ADMIN_EQUIVALENT_ACTION);
    if (wasAdminEquivalent && !row.permissions.includes(ADMIN_EQUIVALENT_ACTION)) {
      await ensureAdminRemains(tx, actor.org_id);
    }
    const counts = await holderCounts(tx, actor.org_id);
    return roleToWire(row, counts.get(row.id) ?? 0);
  });
}

export async function deleteRole(
  ctx: ServiceContext,
  actor: Actor,
  input: RoleDeleteInput,
): Promise<{ id: number; users: number }> {
  ensureManager(actor);
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const existing = await liveRole(tx, actor.org_id, input.id);
    const now = ctx.now().toISOString();
    await tx
      .update(roles)
      .set({ deleted_at: now, version, updated_at: now, updated_by: actor.user_id })
      .where(and(eq(roles.org_id, actor.org_id), eq(roles.id, input.id)));
    // Taken off its holders with the org's new version, so their devices pull the change too.
    const holders = await tx
      .update(users)
      .set({
        roles: sql`array_remove(${users.roles}, ${input.id})`,
        version,
        updated_at: now,
        updated_by: actor.user_id,
      })
      .where(and(eq(users.org_id, actor.org_id), sql`${input.id} = ANY(${users.roles})`))
      .returning({ id: users.id });
    if (existing.permissions.includes(ADMIN_EQUIVALENT_ACTION)) await ensureAdminRemains(tx, actor.org_id);
    return { id: input.id, users: holders.length };
  });
}

/**
 * Refuses role ids a user change adds that are neither built in nor a live role of the org (ids the
 * account already holds stay allowed, so an edit never fails on what it did not touch).
 */
export async function ensureKnownRoles(
  tx: Tx,
  orgId: number,
  wanted: readonly number[],
  held: readonly number[],
): Promise<void> {
  const candidates = wanted.filter((id) => id >= CUSTOM_ROLE_MIN_ID);
  const found = candidates.length
    ? await tx
        .select({ id: roles.id, org_id: roles.org_id, permissions: roles.permissions })
        .from(roles)
        .where(
          and(
            eq(roles.org_id, orgId),
            isNull(roles.deleted_at),
            sql`${roles.id} = ANY(${sql.param(candidates)}::int[])`,
          ),
        )
    : [];
  const unknown = unknownRoleIds(wanted, held, found, orgId);
  if (unknown.length) {
    throw invalid(
      `Unknown role ${unknown.length === 1 ? 'id' : 'ids'} ${unknown.join(', ')}: choose a built-in role (1, 3, 4, 10) or one of this organisation's roles.`,
    );
  }
}
