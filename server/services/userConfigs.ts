/**
 * User configurations (SPEC section 3 "User config"): one per user, read and written by that user
 * only (an admin may read one of their org's). A write replaces the fields it names and keeps the
 * others, so two devices changing different fields never undo each other: last write wins per field.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { type Actor, can } from '#src/domain/permissions.ts';
import type { UserConfigFields } from '#src/domain/schemas/userConfig.ts';
import { userConfigs, users } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { conflict, forbidden, notFound } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

type UserConfigRow = typeof userConfigs.$inferSelect;

/** Whether the user has a configuration yet (SPEC section 2: else they land on /profile/edit). */
export async function hasConfiguration(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userConfigs.id })
    .from(userConfigs)
    .where(and(eq(userConfigs.user_id, userId), isNull(userConfigs.deleted_at)));
  return !!row;
}

/** The row as the API and the pull send it: keyed by its user, so a device knows its key before a pull. */
export function userConfigToWire(row: UserConfigRow) {
  return { ...row, _id: row.user_id };
}

export type UserConfigWire = ReturnType<typeof userConfigToWire>;

const NO_CONFIG = 'You have no configuration yet. Save your profile (or add a configuration) first.';

export async function getUserConfig(
  ctx: ServiceContext,
  actor: Actor,
  userId: string = actor.user_id,
): Promise<{ config: UserConfigWire | null }> {
  if (userId !== actor.user_id) {
    if (!can(actor, 'users.manage')) throw forbidden('You can only read your own configuration.');
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.org_id, actor.org_id)));
    if (!user) throw notFound('This user does not exist.');
  }
  const [row] = await ctx.db
    .select()
    .from(userConfigs)
    .where(
      and(
        eq(userConfigs.user_id, userId),
        eq(userConfigs.org_id, actor.org_id),
        isNull(userConfigs.deleted_at),
      ),
    );
  return { config: row ? userConfigToWire(row) : null };
}

/**
 * Writes the caller's configuration. `mode` says what may happen: `add` only creates (a second add
 * is a conflict), `update` only changes an existing one, `save` does either — the device's queued
 * change, which may reach the server before or after the profile save that creates it.
 */
export async function writeUserConfig(
  ctx: ServiceContext,
  actor: Actor,
  fields: UserConfigFields,
  mode: 'add' | 'update' | 'save',
): Promise<{ config: UserConfigWire }> {
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const [existing] = await tx
      .select()
      .from(userConfigs)
      .where(eq(userConfigs.user_id, actor.user_id))
      .for('update');
    // A configuration belongs to the user's own org; one left in another org is not theirs to touch.
    if (existing && existing.org_id !== actor.org_id)
      throw forbidden('Your configuration belongs to another organisation.');
    const live = existing && !existing.deleted_at ? existing : undefined;
    if (mode === 'add' && live)
      throw conflict('You already have a configuration. Change it with user-config/update.');
    if (mode === 'update' && !live) throw notFound(NO_CONFIG);
    const now = ctx.now().toISOString();
    if (existing) {
      // A deleted configuration is brought back empty, then given the fields sent.
      const reset = live
        ? {}
        : { pins: [], paths: [], map_layouts: [], layouts: [], filters: [], fingerprints: [] };
      const [row] = await tx
        .update(userConfigs)
        .set({ ...reset, ...fields, version, updated_at: now, updated_by: actor.user_id, deleted_at: null })
        .where(eq(userConfigs.id, existing.id))
        .returning();
      return { config: userConfigToWire(row as UserConfigRow) };
    }
    const [row] = await tx
      .insert(userConfigs)
      .values({
        ...fields,
        org_id: actor.org_id,
        user_id: actor.user_id,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .returning();
    return { config: userConfigToWire(row as UserConfigRow) };
  });
}
