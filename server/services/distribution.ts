/**
 * Appointment distribution rules (src/domain/distribution.ts): a team's or region's rule, set by
 * the `distribution_rule.save.v1` mutation (managers for the teams they lead or manage and the
 * regions they manage, admins any: `canSetRule`), pulled by everyone who books appointments; and
 * the server's use of a rule: a new lead added without an owner (`owner_id: null` on a lead add,
 * from a CSV import, the API or a device) goes to the person its region's rule chooses
 * (`chooseCloser`), and the rule records what it gave them (for round robin and the daily cap).
 */
import { and, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { availabilityOfRow } from '#src/domain/availability.ts';
import {
  type Booking,
  type Closer,
  canSetRule,
  chooseCloser,
  closeRates,
  type DistributionRule,
  givenAfter,
  lastServed,
  ruleFor,
  ruleMembers,
} from '#src/domain/distribution.ts';
import { isActiveUser } from '#src/domain/leadAssignment.ts';
import { type Actor, can, scopeOf } from '#src/domain/permissions.ts';
import type { Sale } from '#src/domain/sales.ts';
import type { DistributionRuleSaveInput } from '#src/domain/schemas/availability.ts';
import { appointments, distributionRules, regions, teamMembers, teams, users } from '../db/schema.ts';
import { availabilityOf } from './availability.ts';
import type { ServiceContext, Tx } from './context.ts';
import { managedRegionsOf } from './managedRegions.ts';
import { orgSales } from './sales.ts';
import { forbidden, invalid, notFound } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

type RuleRow = typeof distributionRules.$inferSelect;

/** The rules a caller's device pulls: the org's, for whoever books appointments. */
export function ruleScopeWhere(actor: Actor): SQL | undefined {
  return can(actor, 'contacts.read') ? sql`${distributionRules.org_id} = ${actor.org_id}` : undefined;
}

export function ruleToWire(row: Record<string, unknown>) {
  return { ...row, _id: row.id };
}

/** Sets (or takes away) a team's or region's rule. */
export async function saveDistributionRule(
  ctx: ServiceContext,
  actor: Actor,
  input: DistributionRuleSaveInput,
): Promise<RuleRow | null> {
  if (scopeOf(actor, 'distribution.manage') === 'none')
    throw forbidden('Only managers and admins can set how appointments are distributed.');
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const table = input.scope === 'team' ? teams : regions;
    const [place] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, input.id), eq(table.org_id, actor.org_id), isNull(table.deleted_at)));
    if (!place)
      throw notFound(input.scope === 'team' ? 'This team does not exist.' : 'This region does not exist.');
    const managed = await managedRegionsOf(tx, actor, 'distribution.manage');
    if (!canSetRule(actor, input.scope, input.id, managed))
      throw forbidden(
        'You can only set the distribution of the teams you lead or manage and the regions you manage.',
      );
    const [existing] = await tx
      .select()
      .from(distributionRules)
      .where(eq(distributionRules.id, input.id))
      .for('update');
    if (existing && existing.org_id !== actor.org_id) throw notFound('This team or region does not exist.');
    if (existing && existing.scope !== input.scope)
      throw invalid(`This rule belongs to a ${existing.scope}.`);
    const now = ctx.now().toISOString();
    if (input.removed) {
      if (!existing || existing.deleted_at) return null;
      const [row] = await tx
        .update(distributionRules)
        .set({ deleted_at: now, version, updated_at: now, updated_by: actor.user_id })
        .where(eq(distributionRules.id, input.id))
        .returning();
      return row ?? null;
    }
    const fields = { kind: input.kind, daily_cap: input.daily_cap, window_days: input.window_days };
    if (existing) {
      const [row] = await tx
        .update(distributionRules)
        .set({ ...fields, deleted_at: null, version, updated_at: now, updated_by: actor.user_id })
        .where(eq(distributionRules.id, input.id))
        .returning();
      return row ?? null;
    }
    const [row] = await tx
      .insert(distributionRules)
      .values({
        ...fields,
        id: input.id,
        org_id: actor.org_id,
        scope: input.scope,
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      })
      .returning();
    return row ?? null;
  });
}

/** Where a new lead is, as its rule reads it. */
export interface LeadToDistribute {
  team_id?: string | null;
  region_id?: string | null;
  lng?: number | null;
  lat?: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The org's sales, read once per sync batch: an import's leads arrive a hundred to a batch. */
const batchSales = new WeakMap<object, Sale[]>();
async function salesFor(ctx: ServiceContext, tx: Tx, orgId: number): Promise<Sale[]> {
  if (!ctx.batch) return orgSales(tx, orgId);
  const kept = batchSales.get(ctx.batch);
  if (kept) return kept;
  const sales = await orgSales(tx, orgId);
  batchSales.set(ctx.batch, sales);
  return sales;
}

/** An appointment's columns as the rules read it (src/domain/distribution.ts `Booking`). */
export const BOOKING_COLUMNS = {
  _id: appointments.id,
  user_id: appointments.user_id,
  created_by: appointments.created_by,
  start_time: appointments.start_time,
  end_time: appointments.end_time,
  status: appointments.status,
  created_at: appointments.created_at,
};

/** The appointments of these people from `since` on (and those they made for no one). */
async function bookingsOf(tx: Tx, orgId: number, people: readonly string[], since: Date): Promise<Booking[]> {
  const ids = sql`${sql.param([...people])}::uuid[]`;
  return tx
    .select(BOOKING_COLUMNS)
    .from(appointments)
    .where(
      and(
        eq(appointments.org_id, orgId),
        isNull(appointments.deleted_at),
        gte(appointments.start_time, since.toISOString()),
        or(
          sql`${appointments.user_id} = ANY(${ids})`,
          and(isNull(appointments.user_id), sql`${appointments.created_by} = ANY(${ids})`),
        ),
      ),
    );
}

/** A lead's rule as the server applies it: the rule, its people with what it reads of them. */
export interface RuleContext {
  rule: DistributionRule & RuleRow;
  closers: Closer[];
  /** The appointments of the rule's people since the start of the rule's window. */
  bookings: Booking[];
  /** Each person's time zone. */
  zones: Map<string, string>;
  target: { lng: number; lat: number } | null;
}

/**
 * The lead's rule (its region's, else its team's) with the active people who take appointments
 * under it; null when the lead has no rule or the rule has nobody.
 */
export async function ruleContextOf(
  ctx: ServiceContext,
  tx: Tx,
  orgId: number,
  lead: LeadToDistribute,
): Promise<RuleContext | null> {
  const placeIds = [lead.region_id, lead.team_id].filter((id): id is string => !!id);
  if (!placeIds.length) return null;
  const rules = await tx
    .select()
    .from(distributionRules)
    .where(
      and(
        eq(distributionRules.org_id, orgId),
        isNull(distributionRules.deleted_at),
        inArray(distributionRules.id, placeIds),
      ),
    );
  const rule = ruleFor(
    lead,
    rules.map((r) => ({ ...r, _id: r.id }) as DistributionRule & RuleRow),
  );
  if (!rule) return null;
  // One after another: the statements share the transaction's one connection.
  const memberships = await tx
    .select({ team_id: teamMembers.team_id, user_id: teamMembers.user_id })
    .from(teamMembers)
    .where(and(eq(teamMembers.org_id, orgId), isNull(teamMembers.deleted_at)));
  const orgTeams = await tx
    .select({ _id: teams.id, region_id: teams.region_id })
    .from(teams)
    .where(and(eq(teams.org_id, orgId), isNull(teams.deleted_at)));
  const members = ruleMembers(rule, memberships, orgTeams);
  if (!members.length) return null;
  const people = await tx
    .select({ id: users.id, status: users.status, active: users.active, deleted_at: users.deleted_at })
    .from(users)
    .where(and(eq(users.org_id, orgId), inArray(users.id, members)));
  const active = new Set(people.filter(isActiveUser).map((p) => p.id));
  const rows = (await availabilityOf(tx, orgId, members)).filter((row) => active.has(row.user_id));
  if (!rows.length) return null;
  const now = ctx.now();
  const ids = rows.map((row) => row.user_id);
  const since = new Date(now.getTime() - Math.max(rule.window_days, 1) * DAY_MS);
  const bookings = await bookingsOf(tx, orgId, ids, since);
  const served = lastServed(ids, bookings, rule.given as DistributionRule['given']);
  const rates =
    rule.kind === 'ranking'
      ? closeRates(ids, await salesFor(ctx, tx, orgId), bookings, {
          now: now.getTime(),
          windowDays: rule.window_days,
        })
      : new Map();
  const closers: Closer[] = rows.map((row) => ({
    availability: availabilityOfRow(row),
    lastServedAt: served.get(row.user_id) ?? null,
    closeRate: rates.get(row.user_id)?.rate ?? null,
  }));
  const target =
    typeof lead.lng === 'number' && typeof lead.lat === 'number' ? { lng: lead.lng, lat: lead.lat } : null;
  return { rule, closers, bookings, zones: new Map(rows.map((row) => [row.user_id, row.time_zone])), target };
}

/**
 * The person the lead's rule gives a new lead without an owner, recorded on the rule (in the
 * caller's transaction, at its version); null when the lead has no rule or nobody can take it.
 */
export async function distributeLead(
  ctx: ServiceContext,
  tx: Tx,
  orgId: number,
  lead: LeadToDistribute,
  version: number,
): Promise<string | null> {
  const context = await ruleContextOf(ctx, tx, orgId, lead);
  if (!context) return null;
  const { rule, closers, bookings, target } = context;
  const now = ctx.now();
  const chosen = chooseCloser(rule as DistributionRule, closers, { now: now.getTime(), bookings, target });
  if (!chosen) return null;
  const zone = context.zones.get(chosen) ?? 'UTC';
  await tx
    .update(distributionRules)
    .set({
      given: givenAfter(rule.given as DistributionRule['given'], chosen, now.getTime(), zone),
      version,
    })
    .where(eq(distributionRules.id, rule.id));
  return chosen;
}
