/**
 * Availability and distribution rules on the device: a person's availability, the rules, and what
 * booking a lead's appointment reads to offer its rule's slots (src/domain/distribution.ts), all
 * from synced rows, so it works offline.
 */
import { type Availability, availabilityOfRow } from '#src/domain/availability.ts';
import {
  type Booking,
  type Closer,
  closeRates,
  type DistributionRule,
  lastServed,
  ruleFor,
  ruleMembers,
} from '#src/domain/distribution.ts';
import type { LatLng } from '#src/domain/knocks.ts';
import { isActiveUser } from '#src/domain/leadAssignment.ts';
import { movesReadFrom, SALES_COLUMNS, salesOf, soldDays } from '#src/domain/sales.ts';
import type { CrmDatabase } from '../database.ts';
import { positionOf } from '../pinIndex.ts';
import { RowIndexReader } from '../rowIndexReader.ts';
import type { AvailabilityRow, DistributionRuleRow } from '../rows.ts';
import { dealStages } from './dealStages.ts';
import { stageMovesSince } from './stageMoves.ts';

/** A person's availability row on the device (undefined when they have set none). */
export async function availabilityRow(db: CrmDatabase, userId: string): Promise<AvailabilityRow | undefined> {
  const row = (await db.availability.get(userId)) as AvailabilityRow | undefined;
  return row && !row.deleted_at ? row : undefined;
}

/** Every live availability on the device, by person. */
export async function allAvailability(db: CrmDatabase): Promise<Map<string, Availability>> {
  const rows = (await db.availability.toArray()) as AvailabilityRow[];
  return new Map(
    rows.filter((row) => !row.deleted_at).map((row) => [String(row._id), availabilityOfRow(row)] as const),
  );
}

/** The live distribution rules, as the rules read them. */
export async function distributionRules(db: CrmDatabase): Promise<DistributionRule[]> {
  const rows = (await db.distribution_rules.toArray()) as DistributionRuleRow[];
  return rows.filter((row) => !row.deleted_at) as unknown as DistributionRule[];
}

/** What booking an appointment for a lead reads: its rule, the rule's people, their appointments. */
export interface BookingFacts {
  /** The lead's rule (its region's, else its team's), if it has one. */
  rule: DistributionRule | undefined;
  /** The rule's team or region name. */
  ruleName: string;
  /** The rule's people who take appointments, with what the rule reads about them. */
  closers: Closer[];
  /** Everyone's availability on the device (to show a chosen person's free slots without a rule). */
  everyone: Map<string, Availability>;
  /** Every appointment on the device. */
  bookings: Booking[];
  /** The lead's pin. */
  target: LatLng | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The rows booking an appointment for `leadId` reads ({@link BookingFacts}). */
export async function bookingFacts(db: CrmDatabase, leadId: string | null, now: Date): Promise<BookingFacts> {
  const [lead, rules, everyone, appointmentRows] = await Promise.all([
    leadId ? db.contacts.get(leadId) : undefined,
    distributionRules(db),
    allAvailability(db),
    db.appointments.toArray(),
  ]);
  const bookings: Booking[] = appointmentRows
    .filter((a) => !a.deleted_at)
    .map((a) => ({
      _id: a._id,
      user_id: text(a.user_id),
      created_by: a.created_by,
      start_time: text(a.start_time),
      end_time: text(a.end_time),
      status: text(a.status),
      created_at: text(a.created_at),
    }));
  const position = lead ? positionOf(lead) : null;
  const target = position ? { lng: position[0], lat: position[1] } : null;
  const rule = lead
    ? ruleFor({ team_id: text(lead.team_id), region_id: text(lead.region_id) }, rules)
    : undefined;
  if (!rule) return { rule, ruleName: '', closers: [], everyone, bookings, target };
  const [teams, memberships, named] = await Promise.all([
    db.teams.toArray(),
    db.team_members.toArray(),
    rule.scope === 'team' ? db.teams.get(rule._id) : db.regions.get(rule._id),
  ]);
  const members = ruleMembers(
    rule,
    memberships.map((m) => ({
      team_id: String(m.team_id),
      user_id: String(m.user_id),
      deleted_at: m.deleted_at ?? null,
    })),
    teams.map((t) => ({ _id: t._id, region_id: text(t.region_id), deleted_at: t.deleted_at ?? null })),
  );
  const users = await db.users.bulkGet(members);
  const ids = members.filter((id, i) => {
    const user = users[i];
    return everyone.has(id) && (!user || isActiveUser(user));
  });
  const rates = rule.kind === 'ranking' ? await rankingRates(db, ids, bookings, rule, now) : new Map();
  const served = lastServed(ids, bookings, rule.given);
  const closers = ids.map((id) => ({
    availability: everyone.get(id) as Availability,
    lastServedAt: served.get(id) ?? null,
    closeRate: rates.get(id)?.rate ?? null,
  }));
  return { rule, ruleName: text(named?.name) ?? '', closers, everyone, bookings, target };
}

/** Close rates over the rule's window from the sales the device holds (src/domain/sales.ts). */
async function rankingRates(
  db: CrmDatabase,
  ids: readonly string[],
  bookings: readonly Booking[],
  rule: DistributionRule,
  now: Date,
) {
  const from = new Date(now.getTime() - rule.window_days * 24 * 60 * 60 * 1000);
  const [contacts, stages, moves] = await Promise.all([
    new RowIndexReader(db, 'contacts').rows(SALES_COLUMNS),
    dealStages(db),
    stageMovesSince(db, movesReadFrom({ from: from.toISOString().slice(0, 10), to: '' })),
  ]);
  const sales = salesOf(
    contacts.filter((c) => !c.deleted_at),
    stages,
    soldDays(moves, stages),
  );
  return closeRates(ids, sales, bookings, { now: now.getTime(), windowDays: rule.window_days });
}
