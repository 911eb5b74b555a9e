/**
 * Reps' pay: what a pay plan projects for a person on each deal, what has been released, and what
 * changed in a month and why. Both the device ('My pay', offline) and the server read these rules.
 *
 * - The deal's pay is the plan's rate per watt of the system (its size in kW × 1,000), or the
 *   plan's rate per deal. Rates are kept to a hundredth of a cent per watt, the result to the cent.
 * - The deal's pay splits between the setter (the contact's owner) and the closer (its energy
 *   consultants; with none, the owner closes too). The setter's part is rounded down to the cent,
 *   so any remainder goes to the closer; several closers share the closer's part equally and the
 *   first one listed takes the remainder.
 * - A person's part is released in milestones ('Contract Signed', 'Installation Completed', …):
 *   each milestone's share is rounded down to the cent and the last milestone takes the remainder,
 *   so splits and milestones never create or lose a cent.
 * - A milestone is released by the first status event at or past its status (in the order of the
 *   stage's statuses); Contract Signed by the contract's signing date when no event says it.
 * - A cancellation within the plan's clawback days of signing claws back everything released;
 *   a later one keeps what was released and forfeits what was pending. A cancellation with no
 *   recorded day counts as within the window.
 * - Sums are whole cents throughout.
 */

import { toCsv } from './csv.ts';
import { CONTRACT_SIGNED_STATUS, fromCents, toCents } from './deal.ts';
import { INSTALLED_STATUS } from './dealStages.ts';
import { isCancelledStatus } from './sales.ts';

export const PAY_BASES = ['per_watt', 'per_deal'] as const;
export type PayBasis = (typeof PAY_BASES)[number];

export interface PayMilestone {
  status: string;
  /** Percent of the person's part released at this status. */
  share: number;
}

export interface PayPlan {
  id: string;
  name: string;
  basis: PayBasis;
  /** Dollars per watt, or dollars per deal. */
  rate: number;
  /** Percent of the deal's pay for the setter and for the closer (summing to 100). */
  split: { setter: number; closer: number };
  /** In the order the deal reaches them; shares sum to 100. */
  milestones: PayMilestone[];
  /** A cancellation within this many days of signing claws back what was released. */
  clawback_days: number;
}

/** The plan an org has before an admin saves one. */
export const DEFAULT_PAY_PLAN: PayPlan = {
  id: 'default',
  name: 'Standard',
  basis: 'per_watt',
  rate: 0.1,
  split: { setter: 40, closer: 60 },
  milestones: [
    { status: CONTRACT_SIGNED_STATUS, share: 50 },
    { status: INSTALLED_STATUS, share: 50 },
  ],
  clawback_days: 30,
};

/** A status the deal took on a day (the 'lead_status_change' activity). */
export interface StatusEvent {
  status: string;
  /** YYYY-MM-DD or an ISO time. */
  date: string;
}

/** What the rules read of a contact. */
export interface PayDeal {
  id: string;
  name: string;
  status: string | null;
  system_size_kw: number | null;
  contract_signed_date: string | null;
  /** The setter. */
  owner_id: string | null;
  /** The closers. */
  energy_consultants: readonly string[];
  events: readonly StatusEvent[];
  /**
   * When the current status was set on this device and has not reached the server yet (its
   * event is written there): the day of that change, so an offline signing, install or
   * cancellation counts in the month it was made. Null otherwise.
   */
  status_date?: string | null;
}

export type PayRole = 'setter' | 'closer' | 'both';
export type MilestoneState = 'released' | 'pending' | 'clawed_back' | 'forfeited';

export interface MilestonePay {
  status: string;
  cents: number;
  state: MilestoneState;
  /** The day it was released (null when it is pending, or the day is not known). */
  date: string | null;
}

/** One thing a status event did to the person's pay. */
export interface PayChange {
  dealId: string;
  dealName: string;
  status: string;
  date: string | null;
  kind: 'released' | 'clawed_back' | 'forfeited' | 'no_change';
  /** Signed: positive when released, negative when clawed back, 0 otherwise. */
  cents: number;
  /** For a cancellation: whether it fell within the clawback days. */
  withinClawback?: boolean;
}

export interface ProjectedPay {
  role: PayRole | null;
  /** The person's part of the deal as planned, before any cancellation. */
  shareCents: number;
  /** What the person is now projected to earn on the deal (0 after a clawback). */
  projectedCents: number;
  /** Released and not clawed back. */
  releasedCents: number;
  pendingCents: number;
  cancelled: boolean;
  milestones: MilestonePay[];
  /** Every change, in order (with the day of the event that caused it). */
  changes: PayChange[];
}

const bp = (percent: number) => Math.round(percent * 100);
const dayOf = (date: string) => date.slice(0, 10);

/** The deal's whole pay in cents under the plan, before any split. */
export function dealPayCents(deal: Pick<PayDeal, 'system_size_kw'>, plan: PayPlan): number {
  if (plan.basis === 'per_deal') return Math.max(0, toCents(plan.rate));
  const kw = deal.system_size_kw;
  if (typeof kw !== 'number' || !Number.isFinite(kw) || kw <= 0) return 0;
  const watts = Math.round(kw * 1000);
  const hundredthsOfCentPerWatt = Math.max(0, Math.round(plan.rate * 10_000));
  return Math.round((watts * hundredthsOfCentPerWatt) / 100);
}

/** The closers of a deal: its energy consultants, else its owner. */
function closersOf(deal: PayDeal): string[] {
  const listed = [...new Set(deal.energy_consultants.filter((id) => typeof id === 'string' && id))];
  if (listed.length) return listed;
  return deal.owner_id ? [deal.owner_id] : [];
}

/** Each person's cents of a deal's pay, by id; the parts sum to `cents` when anyone takes part. */
export function splitDealPay(deal: PayDeal, plan: PayPlan, cents: number): Map<string, number> {
  const parts = new Map<string, number>();
  const add = (id: string, c: number) => parts.set(id, (parts.get(id) ?? 0) + c);
  const closers = closersOf(deal);
  const setterBp = bp(plan.split.setter);
  let setterCents = deal.owner_id ? Math.floor((cents * setterBp) / 10_000) : 0;
  if (!closers.length) setterCents = deal.owner_id ? cents : 0;
  if (deal.owner_id && setterCents) add(deal.owner_id, setterCents);
  const closerCents = closers.length ? cents - setterCents : 0;
  const each = closers.length ? Math.floor(closerCents / closers.length) : 0;
  closers.forEach((id, i) => {
    add(id, each + (i === 0 ? closerCents - each * closers.length : 0));
  });
  return parts;
}

/** A person's cents split over the plan's milestones; the last takes the remainder. */
export function milestoneCents(cents: number, plan: PayPlan): number[] {
  if (!plan.milestones.length) return [];
  const shares = plan.milestones.map((m) => Math.floor((cents * bp(m.share)) / 10_000));
  const last = shares.length - 1;
  shares[last] = cents - shares.slice(0, last).reduce((a, b) => a + b, 0);
  return shares;
}

function roleOf(deal: PayDeal, person: string): PayRole | null {
  const setter = deal.owner_id === person;
  const closer = closersOf(deal).includes(person);
  if (setter && closer) return 'both';
  return setter ? 'setter' : closer ? 'closer' : null;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${dayOf(to)}T00:00:00Z`) - Date.parse(`${dayOf(from)}T00:00:00Z`)) / 86_400_000);

/**
 * The deal's events in order, with its signing day standing for a Contract Signed event it lacks.
 * Within the signing day, that signing comes before the events only a signed deal can have (its
 * cancellation, a status from Contract Signed on) and after the day's others: a deal signed and
 * cancelled on the same day has its release clawed back.
 */
function timeline(deal: PayDeal, signedOrLater: (status: string) => boolean): StatusEvent[] {
  const events = deal.events
    .filter((e) => e.status && !Number.isNaN(Date.parse(e.date)))
    .map((e, i) => ({ status: e.status, date: dayOf(e.date), i }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.i - b.i)
    .map(({ status, date }) => ({ status, date }));
  if (deal.contract_signed_date && !events.some((e) => e.status === CONTRACT_SIGNED_STATUS)) {
    const day = dayOf(deal.contract_signed_date);
    const at = events.findIndex((e) => e.date > day || (e.date === day && signedOrLater(e.status)));
    events.splice(at < 0 ? events.length : at, 0, { status: CONTRACT_SIGNED_STATUS, date: day });
  }
  return events;
}

/**
 * What `person` is projected to earn on `deal` under `plan`, milestone by milestone, with each
 * change the deal's status events made. `order` is the statuses in the order a deal reaches them
 * (the Customer stage's, {@link payStatusOrder}).
 */
export function projectedPay(
  deal: PayDeal,
  plan: PayPlan,
  person: string,
  order: readonly string[],
): ProjectedPay {
  const role = roleOf(deal, person);
  const shareCents = role ? (splitDealPay(deal, plan, dealPayCents(deal, plan)).get(person) ?? 0) : 0;
  const amounts = milestoneCents(shareCents, plan);
  const position = (status: string | null) => order.indexOf(status ?? '');
  const milestones: MilestonePay[] = plan.milestones.map((m, i) => ({
    status: m.status,
    cents: amounts[i] ?? 0,
    state: 'pending',
    date: null,
  }));
  const changes: PayChange[] = [];
  const change = (
    status: string,
    date: string | null,
    kind: PayChange['kind'],
    cents = 0,
    within?: boolean,
  ) =>
    changes.push({
      dealId: deal.id,
      dealName: deal.name,
      status,
      date,
      kind,
      cents,
      ...(within === undefined ? {} : { withinClawback: within }),
    });
  let cancelled = false;
  let signedDay = deal.contract_signed_date ? dayOf(deal.contract_signed_date) : null;

  const reach = (status: string, date: string | null) => {
    const at = position(status);
    let released = 0;
    for (const m of milestones) {
      if (m.state === 'released' || at < 0 || at < position(m.status)) continue;
      m.state = 'released';
      m.date = date;
      released += m.cents;
    }
    change(status, date, released ? 'released' : 'no_change', released);
  };
  const cancel = (status: string, date: string | null) => {
    const within = !date || !signedDay || daysBetween(signedDay, date) <= plan.clawback_days;
    let cents = 0;
    for (const m of milestones) {
      if (m.state === 'released' && within) {
        m.state = 'clawed_back';
        cents += m.cents;
      } else if (m.state === 'pending') m.state = 'forfeited';
    }
    cancelled = true;
    change(
      status,
      date,
      within && cents ? 'clawed_back' : within ? 'no_change' : 'forfeited',
      cents ? -cents : 0,
      within,
    );
  };

  const signedAt = position(CONTRACT_SIGNED_STATUS);
  const signedOrLater = (status: string) =>
    isCancelledStatus(status) || (signedAt >= 0 && position(status) >= signedAt);
  for (const event of timeline(deal, signedOrLater)) {
    if (event.status === CONTRACT_SIGNED_STATUS && !signedDay) signedDay = event.date;
    if (isCancelledStatus(event.status)) {
      if (!cancelled) cancel(event.status, event.date);
      continue;
    }
    if (cancelled) {
      // Reinstated: what the cancellation took is earned again as the deal reaches it.
      cancelled = false;
      for (const m of milestones) if (m.state !== 'released') m.state = 'pending';
    }
    reach(event.status, event.date);
  }
  // The current status where no event recorded how the deal got there (imported, older data).
  // A status set on this device and not yet synced has no event yet: it is dated by the change.
  const statusDay =
    deal.status_date && !Number.isNaN(Date.parse(deal.status_date)) ? dayOf(deal.status_date) : null;
  if (isCancelledStatus(deal.status)) {
    if (!cancelled) cancel(deal.status ?? '', statusDay);
  } else if (!cancelled && deal.status && milestones.some((m) => m.state === 'pending')) {
    const before = changes.length;
    reach(deal.status, statusDay);
    if (changes[before]?.kind === 'no_change') changes.splice(before, 1);
  }

  const sum = (state: MilestoneState) =>
    milestones.filter((m) => m.state === state).reduce((total, m) => total + m.cents, 0);
  const releasedCents = sum('released');
  const pendingCents = sum('pending');
  return {
    role,
    shareCents,
    projectedCents: releasedCents + pendingCents,
    releasedCents,
    pendingCents,
    cancelled,
    milestones,
    changes,
  };
}

/** The statuses in the order a deal reaches them: those of the stage holding Contract Signed. */
export function payStatusOrder(stages: readonly { options: readonly { value: string }[] }[]): string[] {
  const stage = stages.find((s) => s.options.some((o) => o.value === CONTRACT_SIGNED_STATUS));
  return (stage?.options ?? []).map((o) => o.value);
}

/** A month as YYYY-MM. */
export type PayMonth = string;

export interface PayLine {
  dealId: string;
  dealName: string;
  status: string | null;
  role: PayRole;
  projectedCents: number;
  releasedCents: number;
  pendingCents: number;
  /** The next milestone to be released, or the last one reached. */
  milestone: string | null;
  milestoneState: MilestoneState | null;
  /** What this deal's changes add up to in the month. */
  monthCents: number;
}

export interface PayStatement {
  person: string;
  month: PayMonth;
  lines: PayLine[];
  /** The month's releases less its clawbacks. */
  monthCents: number;
  projectedCents: number;
  /** The month's changes, in order of day. */
  changes: PayChange[];
}

/**
 * The person's statement for `month` (YYYY-MM): a line for each deal they take part in that has
 * been signed, the changes whose day falls in the month and the month's total.
 */
export function payStatement(
  deals: readonly PayDeal[],
  plan: PayPlan,
  person: string,
  month: PayMonth,
  order: readonly string[],
): PayStatement {
  const lines: PayLine[] = [];
  const changes: PayChange[] = [];
  for (const deal of deals) {
    const pay = projectedPay(deal, plan, person, order);
    if (!pay.role || !pay.milestones.length) continue;
    const signed = pay.milestones.some((m) => m.state !== 'pending');
    const inMonth = pay.changes.filter((c) => c.date?.slice(0, 7) === month);
    if (!signed && !inMonth.length) continue;
    changes.push(...inMonth);
    const next = pay.milestones.find((m) => m.state === 'pending');
    const reached = [...pay.milestones].reverse().find((m) => m.state !== 'pending');
    const shown = next ?? reached ?? null;
    lines.push({
      dealId: deal.id,
      dealName: deal.name,
      status: deal.status,
      role: pay.role,
      projectedCents: pay.projectedCents,
      releasedCents: pay.releasedCents,
      pendingCents: pay.pendingCents,
      milestone: shown?.status ?? null,
      milestoneState: shown?.state ?? null,
      monthCents: inMonth.reduce((total, c) => total + c.cents, 0),
    });
  }
  changes.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  return {
    person,
    month,
    lines,
    monthCents: lines.reduce((total, l) => total + l.monthCents, 0),
    projectedCents: lines.reduce((total, l) => total + l.projectedCents, 0),
    changes,
  };
}

/** The payroll export's column headings, in the reader's language. */
export interface PayrollCsvLabels {
  person: string;
  deal: string;
  status: string;
  milestone: string;
  projected: string;
  released: string;
  pending: string;
  month: string;
  total: string;
}

interface PayrollRow {
  person: string;
  line: PayLine | null;
  monthCents: number;
}

/**
 * The payroll CSV of people's statements: one row per deal line, amounts in dollars to the cent,
 * and a last row whose month amount is the sum of every line's.
 */
export function payrollCsv(
  statements: readonly PayStatement[],
  nameOf: (id: string) => string,
  labels: PayrollCsvLabels,
): string {
  const rows: PayrollRow[] = statements.flatMap((s) =>
    s.lines.map((line) => ({ person: nameOf(s.person), line, monthCents: line.monthCents })),
  );
  const total = rows.reduce((sum, r) => sum + r.monthCents, 0);
  rows.push({ person: labels.total, line: null, monthCents: total });
  // Numbers, so a negative amount stays a number in a spreadsheet (exact: cents / 100 prints as typed).
  const money = (cents: number | undefined) => (cents === undefined ? '' : fromCents(cents));
  return toCsv<PayrollRow>(
    [
      { key: 'person', label: labels.person },
      { key: 'deal', label: labels.deal, value: (r) => r.line?.dealName ?? '' },
      { key: 'status', label: labels.status, value: (r) => r.line?.status ?? '' },
      { key: 'milestone', label: labels.milestone, value: (r) => r.line?.milestone ?? '' },
      { key: 'projected', label: labels.projected, value: (r) => money(r.line?.projectedCents) },
      { key: 'released', label: labels.released, value: (r) => money(r.line?.releasedCents) },
      { key: 'pending', label: labels.pending, value: (r) => money(r.line?.pendingCents) },
      { key: 'month', label: labels.month, value: (r) => fromCents(r.monthCents) },
    ],
    rows,
  );
}

/** The contact fields the pay rules read. */
export const PAY_COLUMNS = [
  'name',
  'deal_stage_status',
  'system_size_kw',
  'contract_signed_date',
  'owner_id',
  'energy_consultants',
  'pending',
  'updated_at',
] as const;

/** A stored contact as the pay rules read it, with its status events. */
export function payDealOf(row: Record<string, unknown>, events: readonly StatusEvent[] = []): PayDeal {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const kw = row.system_size_kw;
  return {
    id: String(row._id ?? ''),
    name: text(row.name) ?? '',
    status: text(row.deal_stage_status),
    system_size_kw: typeof kw === 'number' && Number.isFinite(kw) ? kw : null,
    contract_signed_date: text(row.contract_signed_date),
    owner_id: text(row.owner_id),
    energy_consultants: Array.isArray(row.energy_consultants)
      ? row.energy_consultants.filter((id): id is string => typeof id === 'string' && !!id)
      : [],
    events,
    // A row with a change waiting to sync carries when that change was made.
    status_date: row.pending === true ? text(row.updated_at) : null,
  };
}

/** The people who take part in any of the deals (owners and energy consultants). */
export function payPeople(deals: readonly PayDeal[]): string[] {
  const people = new Set<string>();
  for (const deal of deals) {
    if (deal.owner_id) people.add(deal.owner_id);
    for (const id of deal.energy_consultants) people.add(id);
  }
  return [...people];
}
