/**
 * People's availability for appointments (src/domain/availability.ts), written by the
 * `availability.save.v1` mutation: each person sets their own, managers their teams' members',
 * admins anyone's in the org (`availability.manage`). A save replaces the fields it names and keeps
 * the others, so two devices changing different fields never undo each other.
 *
 * Pull: whoever books appointments (every user who may read contacts) pulls the org's rows, so a
 * setter's device can offer closers' free slots offline. A row the caller may not read whole
 * (`availability.read`: their own, their teams' members', an admin's everyone's) comes as its
 * booking view: hours, length, zone and time off dates, without time off notes or the home base's
 * address, and positions to about a kilometre (as the rules read them, src/domain/distribution.ts).
 */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { isActiveUser } from '#src/domain/leadAssignment.ts';
import { type Actor, can, canOnUser } from '#src/domain/permissions.ts';
import type { AvailabilitySaveInput } from '#src/domain/schemas/availability.ts';
import { availability, users } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { forbidden, notFound } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

type AvailabilityRow = typeof availability.$inferSelect;

/** The availability rows a caller's device pulls (tombstones included): none for guests. */
export function availabilityScopeWhere(actor: Actor): SQL | undefined {
  if (!can(actor, 'contacts.read')) {
    return can(actor, 'availability.read')
      ? sql`${availability.org_id} = ${actor.org_id} AND ${availability.user_id} = ${actor.user_id}`
      : undefined;
  }
  return sql`${availability.org_id} = ${actor.org_id}`;
}

const round2 = (value: unknown) => (typeof value === 'number' ? Math.round(value * 100) / 100 : value);

/** A row as a caller sees it: whole, or its booking view (this file's header). */
export function availabilityToWire(row: Record<string, unknown>, actor: Actor) {
  const wire = { ...row, _id: row.user_id };
  const whole = canOnUser(actor, 'availability.read', {
    id: String(row.user_id),
    org_id: Number(row.org_id),
  });
  if (whole) return wire;
  const home = row.home_base as { lng?: unknown; lat?: unknown } | null;
  const last = row.last_position as { lng?: unknown; lat?: unknown; at?: unknown } | null;
  return {
    ...wire,
    time_off: ((row.time_off as Record<string, unknown>[] | null) ?? []).map((off) => ({
      id: off.id,
      from: off.from,
      to: off.to,
    })),
    home_base: home ? { lng: round2(home.lng), lat: round2(home.lat) } : null,
    last_position: last ? { lng: round2(last.lng), lat: round2(last.lat), at: last.at } : null,
  };
}

const PERSON_NOT_FOUND = 'This person does not exist.';

/** Saves fields of a person's availability (created when they have none). */
export async function saveAvailability(ctx: ServiceContext, actor: Actor, input: AvailabilitySaveInput) {
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const [person] = await tx
      .select({
        id: users.id,
        org_id: users.org_id,
        status: users.status,
        active: users.active,
        deleted_at: users.deleted_at,
      })
      .from(users)
      .where(and(eq(users.id, input.user_id), eq(users.org_id, actor.org_id)));
    if (!person || person.deleted_at) throw notFound(PERSON_NOT_FOUND);
    if (!canOnUser(actor, 'availability.manage', person))
      throw forbidden("You can only change your own availability, or that of your teams' members.");
    if (!isActiveUser(person) && person.id !== actor.user_id)
      throw forbidden('This person is deactivated: their availability cannot be changed.');
    const [existing] = await tx
      .select()
      .from(availability)
      .where(eq(availability.id, input.user_id))
      .for('update');
    // A row left in another org (the person moved) is not this org's to change.
    if (existing && existing.org_id !== actor.org_id)
      throw forbidden("This person's availability belongs to another organisation.");
    const now = ctx.now().toISOString();
    if (existing) {
      const [row] = await tx
        .update(availability)
        .set({ ...input.fields, version, updated_at: now, updated_by: actor.user_id, deleted_at: null })
        .where(eq(availability.id, existing.id))
        .returning();
      return row as AvailabilityRow;
    }
    const [row] = await tx
      .insert(availability)
      .values({
        ...input.fields,
        id: input.user_id,
        user_id: input.user_id,
        org_id: actor.org_id,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .returning();
    return row as AvailabilityRow;
  });
}

/** The live availability of these people in the org. */
export async function availabilityOf(tx: Tx, orgId: number, userIds: readonly string[]) {
  if (!userIds.length) return [];
  return tx
    .select()
    .from(availability)
    .where(
      and(
        eq(availability.org_id, orgId),
        isNull(availability.deleted_at),
        sql`${availability.user_id} = ANY(${sql.param([...userIds])}::uuid[])`,
      ),
    );
}

/** How often (at most) a device's synced position is written into its person's availability. */
const POSITION_EVERY_MS = 10 * 60 * 1000;

/**
 * Keeps where a person's device last was on their availability row (when they have one), at most
 * every ten minutes of the points' own time: the 'nearest' rule reads it (src/domain/distribution.ts
 * `rulePosition`). Checked before taking a version, so the path points of most batches write nothing
 * devices pull.
 */
export async function notePosition(
  ctx: ServiceContext,
  actor: Actor,
  point: { lng: number; lat: number; recorded_at: string },
): Promise<void> {
  const at = Date.parse(point.recorded_at);
  if (Number.isNaN(at)) return;
  const since = new Date(at - POSITION_EVERY_MS).toISOString();
  const stale = and(
    eq(availability.id, actor.user_id),
    eq(availability.org_id, actor.org_id),
    isNull(availability.deleted_at),
    sql`(${availability.last_position} IS NULL OR (${availability.last_position}->>'at')::timestamptz <= ${since}::timestamptz)`,
  );
  const [due] = await ctx.db.select({ id: availability.id }).from(availability).where(stale);
  if (!due) return;
  await inVersionedTransaction(ctx, actor.org_id, (tx, version) =>
    tx
      .update(availability)
      .set({ last_position: { lng: point.lng, lat: point.lat, at: point.recorded_at }, version })
      .where(stale),
  );
}
