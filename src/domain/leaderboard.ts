/**
 * The leaderboard (SPEC section 2, /leaderboard): people ranked by what they did in a period, from
 * the activities the server records (server/services/leads.ts) and the appointments on the device.
 *
 * Each metric is a rule over events, one entry in {@link METRIC_RULES}. Sales (closed won), revenue
 * and kW sold are the sales of src/domain/sales.ts: one credit per sale, to the contact's owner, on
 * the sale's day (its midnight on the device's clock), worth its amount in cents or its size to the
 * watt. Verified knocks count the synced knocks the server classified as made at the pin
 * (src/domain/knocks.ts) instead of every status change.
 */
import {
  type FieldPath,
  type FieldPoint,
  type KnockStats,
  knockClassificationOf,
  knockStats,
} from './knocks.ts';
import { initialsOf } from './profilePhoto.ts';
import { dayBegins, type Sale } from './sales.ts';

export const LEADERBOARD_METRICS = [
  'knocks',
  'leads_added',
  'appointments_set',
  'closed_won',
  'installs',
  'revenue',
  'sold_kw',
] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

/** What a board counts: a chosen metric, or the knocks metric limited to verified knocks. */
export type LeaderboardRule = LeaderboardMetric | 'verified_knocks';

/** Metrics whose values are amounts of money (shown as compact currency). */
export const CURRENCY_METRICS: ReadonlySet<LeaderboardMetric> = new Set(['revenue']);

/** Metrics whose values are power in kW (shown with one decimal and 'kW'). */
export const KW_METRICS: ReadonlySet<LeaderboardMetric> = new Set(['sold_kw']);

/**
 * What one unit of a metric's credits is worth of its value: revenue is counted in cents and kW sold
 * in watts, whole numbers whose sums are exact, then shown in dollars and kW.
 */
const CREDIT_UNITS: Partial<Record<LeaderboardRule, number>> = { revenue: 100, sold_kw: 1000 };

export const LEADERBOARD_PERIODS = ['today', 'week', 'month', 'custom'] as const;
export type LeaderboardPeriodKind = (typeof LEADERBOARD_PERIODS)[number];

export const LEADERBOARD_SCOPES = ['team', 'region', 'org'] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

/** 'all' lists everyone in scope; the others by the users' setter/closer type. */
export const LEADERBOARD_BOARDS = ['all', 'setter', 'closer', 'setter_closer'] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];

/** The statuses a status change must land on to count for a metric (the default deal stages'). */
export const METRIC_STATUSES = {
  appointments_set: 'Appointment Set',
  installs: 'Installation Completed',
} as const;

/** The fields of an activity row the leaderboard reads. */
export interface LeaderboardActivity {
  _id: string;
  type?: string | null | undefined;
  actor_id?: string | null | undefined;
  date?: string | null | undefined;
  lead_refs?: readonly string[] | null | undefined;
  data?: unknown;
  deleted_at?: string | null | undefined;
}

/** The fields of an appointment row the leaderboard reads. */
export interface LeaderboardAppointment {
  _id: string;
  lead_id?: string | null | undefined;
  created_by?: string | null | undefined;
  created_at?: string | null | undefined;
  deleted_at?: string | null | undefined;
}

export interface LeaderboardUser {
  _id: string;
  name?: string | null | undefined;
  pfp?: string | null | undefined;
  setter_closer?: string | null | undefined;
  status?: boolean | null | undefined;
  deleted_at?: string | null | undefined;
}

export interface LeaderboardTeam {
  _id: string;
  name?: string | null | undefined;
  region_id?: string | null | undefined;
  deleted_at?: string | null | undefined;
}

export interface LeaderboardMembership {
  team_id?: string | null | undefined;
  user_id?: string | null | undefined;
  deleted_at?: string | null | undefined;
}

/** The fields of a knock row the leaderboard reads (the server's classification against the pin). */
export interface LeaderboardKnock {
  _id: string;
  user_id?: string | null | undefined;
  lead_id?: string | null | undefined;
  knocked_at?: string | null | undefined;
  classification?: string | null | undefined;
  distance_m?: number | null | undefined;
  deleted_at?: string | null | undefined;
}

/** A lead as leads added reads it: who added it, and when its record was created. */
export interface LeaderboardNewLead {
  _id: string;
  created_by?: string | null | undefined;
  owner_id?: string | null | undefined;
  created_at?: string | null | undefined;
  deleted_at?: string | null | undefined;
}

export interface LeaderboardRows {
  activities: readonly LeaderboardActivity[];
  appointments: readonly LeaderboardAppointment[];
  /** The period's knocks (verified knocks); absent counts none. */
  knocks?: readonly LeaderboardKnock[] | undefined;
  /** The leads created in the period (leads added); absent counts none. */
  created?: readonly LeaderboardNewLead[] | undefined;
  /** The sales (src/domain/sales.ts `salesOf`) whose day may fall in the period; absent counts none. */
  sales?: readonly Sale[] | undefined;
  users: readonly LeaderboardUser[];
  teams: readonly LeaderboardTeam[];
  members: readonly LeaderboardMembership[];
}

/** Whose board it is: the signed-in user's teams and their teams' regions. */
export interface LeaderboardViewer {
  user_id: string;
  team_ids: readonly string[];
  region_ids: readonly string[];
}

export interface LeaderboardQuery {
  metric: LeaderboardMetric;
  /** With the knocks metric: count only the knocks verified at the pin. */
  verifiedOnly?: boolean | undefined;
  scope: LeaderboardScope;
  board: LeaderboardBoard;
  /** Events at or after `start` and before `end` count. */
  start: Date;
  end: Date;
}

export interface LeaderboardEntry {
  user_id: string;
  name: string;
  initials: string;
  pfp: string | null;
  team: string | null;
  value: number;
  /** 1 for the highest value; equal values share a rank (1, 2, 2, 4). */
  rank: number;
  me: boolean;
}

/** One counted event: who gets it, about which lead, when, worth how much. */
interface Credit {
  user: string;
  lead: string | null;
  at: number;
  amount: number;
  /** Counts only when the same person has no other credit for the lead in the period. */
  once?: boolean;
}

type MetricRule = (rows: LeaderboardRows) => Iterable<Credit>;

function timeOf(value: string | null | undefined): number {
  return value ? Date.parse(value) : Number.NaN;
}

function newStatusOf(activity: LeaderboardActivity): string | null {
  const data = activity.data;
  if (!data || typeof data !== 'object') return null;
  const value = (data as Record<string, unknown>).new;
  return typeof value === 'string' ? value : null;
}

function* activityCredits(rows: LeaderboardRows, type: string, status?: string): Iterable<Credit> {
  for (const a of rows.activities) {
    if (a.deleted_at || a.type !== type || !a.actor_id) continue;
    if (status !== undefined && newStatusOf(a)?.trim().toLowerCase() !== status.toLowerCase()) continue;
    yield { user: a.actor_id, lead: a.lead_refs?.[0] ?? null, at: timeOf(a.date), amount: 1 };
  }
}

function* appointmentCredits(rows: LeaderboardRows): Iterable<Credit> {
  // A status set to Appointment Set and the appointment booked with it are one appointment.
  yield* activityCredits(rows, 'lead_status_change', METRIC_STATUSES.appointments_set);
  for (const a of rows.appointments) {
    if (a.deleted_at || !a.created_by) continue;
    yield { user: a.created_by, lead: a.lead_id ?? null, at: timeOf(a.created_at), amount: 1, once: true };
  }
}

/** A lead added is a lead whose record was created in the period (deleted ones aside), its creator's. */
function* newLeadCredits(rows: LeaderboardRows): Iterable<Credit> {
  for (const l of rows.created ?? []) {
    const by = l.created_by || l.owner_id;
    if (l.deleted_at || !by) continue;
    yield { user: by, lead: l._id, at: timeOf(l.created_at), amount: 1 };
  }
}

/**
 * Each sale once, to its contact's owner, at its day's midnight on the device's clock, worth
 * `worth(sale)` (a sale worth nothing adds nothing).
 */
function* saleCredits(rows: LeaderboardRows, worth: (sale: Sale) => number): Iterable<Credit> {
  for (const sale of rows.sales ?? []) {
    const amount = worth(sale);
    if (!sale.owner_id || !(amount > 0)) continue;
    yield { user: sale.owner_id, lead: sale.lead_id, at: dayBegins(sale.day), amount };
  }
}

function* verifiedKnockCredits(rows: LeaderboardRows): Iterable<Credit> {
  for (const k of rows.knocks ?? []) {
    if (k.deleted_at || !k.user_id || knockClassificationOf(k.classification) !== 'verified') continue;
    yield { user: k.user_id, lead: k.lead_id ?? null, at: timeOf(k.knocked_at), amount: 1 };
  }
}

/**
 * What each board counts. Knocks are the status changes a person made (the map's one-tap knocks
 * and the lead panel's status field both record `lead_status_change`); verified knocks only those
 * whose knock the server found within 25 m of the pin with a precise fix. Leads added are the lead
 * records created in the period (as the stored data holds them, imports included), each credited to
 * whoever created it (its owner when that is not known). Closed won counts the sales
 * (src/domain/sales.ts) whose day is in the period, revenue sums their contract amounts in cents
 * and kW sold their system sizes in watts, each credited to the contact's owner.
 */
export const METRIC_RULES: Record<LeaderboardRule, MetricRule> = {
  knocks: (rows) => activityCredits(rows, 'lead_status_change'),
  verified_knocks: verifiedKnockCredits,
  leads_added: newLeadCredits,
  appointments_set: appointmentCredits,
  closed_won: (rows) => saleCredits(rows, () => 1),
  installs: (rows) => activityCredits(rows, 'lead_status_change', METRIC_STATUSES.installs),
  revenue: (rows) => saleCredits(rows, (sale) => sale.cents),
  sold_kw: (rows) => saleCredits(rows, (sale) => Math.round(sale.kw * 1000)),
};

/** The rule a query counts by: verified knocks when the knocks metric asks for only those. */
export function ruleOf(query: Pick<LeaderboardQuery, 'metric' | 'verifiedOnly'>): LeaderboardRule {
  return query.metric === 'knocks' && query.verifiedOnly ? 'verified_knocks' : query.metric;
}

/** Each user's total of the metric's events in [start, end) (revenue in dollars, kW sold in kW). */
export function metricTotals(rows: LeaderboardRows, query: LeaderboardQuery): Map<string, number> {
  const from = query.start.getTime();
  const to = query.end.getTime();
  const rule = ruleOf(query);
  const totals = new Map<string, number>();
  // Appointment rows count only for leads whose appointment the same person has not already set by status.
  const booked = new Set<string>();
  const credits = [...METRIC_RULES[rule](rows)];
  for (const c of credits) {
    if (!(c.at >= from && c.at < to)) continue;
    if (!c.once && c.lead) booked.add(`${c.user}\u0000${c.lead}`);
  }
  for (const c of credits) {
    if (!(c.at >= from && c.at < to)) continue;
    if (c.once && c.lead && booked.has(`${c.user}\u0000${c.lead}`)) continue;
    totals.set(c.user, (totals.get(c.user) ?? 0) + c.amount);
  }
  const unit = CREDIT_UNITS[rule];
  if (unit) for (const [user, total] of totals) totals.set(user, total / unit);
  return totals;
}

function live<T extends { deleted_at?: string | null | undefined }>(rows: readonly T[]): T[] {
  return rows.filter((r) => !r.deleted_at);
}

/** The users a scope covers: the viewer's teams' members, their regions' teams' members, or all. */
export function usersInScope(
  rows: LeaderboardRows,
  viewer: LeaderboardViewer,
  scope: LeaderboardScope,
): Set<string> | 'all' {
  if (scope === 'org') return 'all';
  let teams: Set<string>;
  if (scope === 'team') teams = new Set(viewer.team_ids);
  else {
    const regions = new Set(viewer.region_ids);
    teams = new Set(
      live(rows.teams)
        .filter((t) => t.region_id && regions.has(t.region_id))
        .map((t) => t._id),
    );
  }
  const users = new Set<string>();
  for (const m of live(rows.members))
    if (m.team_id && m.user_id && teams.has(m.team_id)) users.add(m.user_id);
  return users;
}

/** Whether a person of this setter/closer type belongs on the board. */
export function onBoard(type: string | null | undefined, board: LeaderboardBoard): boolean {
  if (board === 'all') return true;
  if (board === 'setter_closer') return type === 'setter_closer';
  return type === board || type === 'setter_closer';
}

/**
 * The ranked board: the people in scope and on the board with something to count, and always the
 * viewer when they belong there; highest first, ties by name.
 */
export function rankLeaderboard(
  rows: LeaderboardRows,
  viewer: LeaderboardViewer,
  query: LeaderboardQuery,
  collator: Intl.Collator = new Intl.Collator(undefined, { sensitivity: 'base' }),
): LeaderboardEntry[] {
  const totals = metricTotals(rows, query);
  const scope = usersInScope(rows, viewer, query.scope);
  const teamNames = new Map(live(rows.teams).map((t) => [t._id, t.name ?? '']));
  const teamOf = new Map<string, string>();
  for (const m of live(rows.members)) {
    const name = m.team_id ? teamNames.get(m.team_id) : undefined;
    if (m.user_id && name && !teamOf.has(m.user_id)) teamOf.set(m.user_id, name);
  }
  const entries: LeaderboardEntry[] = [];
  for (const u of rows.users) {
    if (u.deleted_at || u.status === false) continue;
    if (scope !== 'all' && !scope.has(u._id)) continue;
    if (!onBoard(u.setter_closer, query.board)) continue;
    const value = totals.get(u._id) ?? 0;
    const me = u._id === viewer.user_id;
    if (value <= 0 && !me) continue;
    const name = u.name?.trim() ?? '';
    entries.push({
      user_id: u._id,
      name,
      initials: initialsOf(name),
      pfp: u.pfp || null,
      team: teamOf.get(u._id) ?? null,
      value,
      rank: 0,
      me,
    });
  }
  entries.sort(
    (a, b) => b.value - a.value || collator.compare(a.name, b.name) || (a.user_id < b.user_id ? -1 : 1),
  );
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    e.rank = previous && previous.value === e.value ? previous.rank : i + 1;
  });
  return entries;
}

/** One person's knock quality in a period: their knocks by classification, distance and time in the field. */
export interface KnockQualityEntry extends KnockStats {
  user_id: string;
  name: string;
  me: boolean;
  /** Verified knocks as a share of all knocks (0–1); null without knocks. */
  verified_share: number | null;
  /** Whether their tracked paths are on this device (each device holds its own user's). */
  field_known: boolean;
}

/**
 * The knock quality of the people on a board (scope and board as the leaderboard's) who knocked
 * or walked in [start, end), and always the viewer when they belong there: most verified first.
 */
export function knockQualityBoard(
  rows: Pick<LeaderboardRows, 'users' | 'teams' | 'members' | 'knocks'> &
    Partial<Pick<LeaderboardRows, 'activities'>>,
  viewer: LeaderboardViewer,
  query: Pick<LeaderboardQuery, 'scope' | 'board' | 'start' | 'end'>,
  field: { paths: readonly FieldPath[]; points: readonly FieldPoint[] },
  collator: Intl.Collator = new Intl.Collator(undefined, { sensitivity: 'base' }),
): KnockQualityEntry[] {
  const stats = knockStats(rows.knocks ?? [], field.paths, field.points, query);
  countUnrecordedKnocks(stats, rows.activities ?? [], query);
  const walkers = new Set(field.paths.map((p) => p.user_id));
  const scope = usersInScope({ activities: [], appointments: [], ...rows }, viewer, query.scope);
  const entries: KnockQualityEntry[] = [];
  for (const u of rows.users) {
    if (u.deleted_at || u.status === false) continue;
    if (scope !== 'all' && !scope.has(u._id)) continue;
    if (!onBoard(u.setter_closer, query.board)) continue;
    const s = stats.get(u._id);
    const me = u._id === viewer.user_id;
    if (!s && !me) continue;
    const counted = s ?? emptyKnockStats();
    entries.push({
      ...counted,
      user_id: u._id,
      name: u.name?.trim() ?? '',
      me,
      verified_share: counted.knocks ? counted.verified / counted.knocks : null,
      field_known: me || walkers.has(u._id),
    });
  }
  return entries.sort(
    (a, b) =>
      b.verified - a.verified ||
      b.knocks - a.knocks ||
      collator.compare(a.name, b.name) ||
      (a.user_id < b.user_id ? -1 : 1),
  );
}

/**
 * The knocks the board counts are status changes; one without a knock record on the device (made
 * before knocks were recorded, or whose knock has not synced yet) still counts here, as a knock
 * whose position is unknown, so a person's knocks read the same in both tables.
 */
function countUnrecordedKnocks(
  stats: Map<string, KnockStats>,
  activities: readonly LeaderboardActivity[],
  period: Pick<LeaderboardQuery, 'start' | 'end'>,
): void {
  const rows = { activities, appointments: [], users: [], teams: [], members: [] };
  const totals = metricTotals(rows, { metric: 'knocks', scope: 'org', board: 'all', ...period });
  for (const [user, total] of totals) {
    const s = stats.get(user) ?? emptyKnockStats();
    const missing = total - s.knocks;
    if (missing <= 0) continue;
    s.knocks += missing;
    s.unknown += missing;
    stats.set(user, s);
  }
}

function emptyKnockStats(): KnockStats {
  return {
    knocks: 0,
    verified: 0,
    near: 0,
    far: 0,
    unknown: 0,
    average_distance_m: null,
    time_in_field_ms: 0,
  };
}

/** A period on the device's clock: today, this week (from Monday), this month, or custom days. */
export interface LeaderboardPeriod {
  kind: LeaderboardPeriodKind;
  /** Custom period's first and last day (YYYY-MM-DD), both included. */
  from?: string | undefined;
  to?: string | undefined;
}

function localDay(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const day = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(day.getTime()) ? null : day;
}

/** [start, end) of a period in the device's time zone; null for a custom period without valid days. */
export function periodRange(period: LeaderboardPeriod, now: Date): { start: Date; end: Date } | null {
  const y = now.getFullYear();
  const mo = now.getMonth();
  const d = now.getDate();
  switch (period.kind) {
    case 'today':
      return { start: new Date(y, mo, d), end: new Date(y, mo, d + 1) };
    case 'week': {
      const sinceMonday = (now.getDay() + 6) % 7;
      return { start: new Date(y, mo, d - sinceMonday), end: new Date(y, mo, d - sinceMonday + 7) };
    }
    case 'month':
      return { start: new Date(y, mo, 1), end: new Date(y, mo + 1, 1) };
    case 'custom': {
      const from = period.from ? localDay(period.from) : null;
      const to = period.to ? localDay(period.to) : null;
      if (!from || !to || to < from) return null;
      return { start: from, end: new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1) };
    }
  }
}

/** A number in compact notation with at most 1 decimal (1.2K, 3.4 M, 12), in the locale given. */
export function compactNumber(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** An amount of money in compact notation ($1.2K), in the locale and currency given. */
export function compactCurrency(value: number, locale?: string, currency = 'USD'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}
