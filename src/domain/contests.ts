/**
 * Contests (SPEC section 3, /contest): who takes part, what counts as a sale, the standings and
 * the winner. The device computes live standings with these functions and the server decides the
 * winner with the same ones (server/services/contests.ts), so both always agree.
 *
 * - Participants: the active members of the contest's teams, of the teams of its regions, and its
 *   regions' managers; with no team and no region, every active user of the org.
 * - A sale: the one definition of src/domain/sales.ts ({@link salesOf}: a contact on the sold stage,
 *   not cancelled), credited to the contact's owner, as the leaderboard and the user pages credit
 *   it. Its day is its Contract Signed Date, else the day (UTC) of its last move onto the sold
 *   stage; it counts when that day is within [start_date, end_date], both included. Its volume is
 *   its contract amount, summed in whole cents.
 * - Standings: every participant with their number and volume of sales, ranked by the qualifier
 *   (Sales Number: count; Sales Volume: amount; Random: count, and the winner is drawn); equal
 *   results go to whoever reached them on the earlier day, then to the smaller user id.
 * - Winner: the first of the standings when they sold at least once (else no winner); Random
 *   draws over the participants with at least one sale, or all participants when nobody
 *   sold; reproducible from the recorded seed ({@link drawWinner}).
 */
import { fromCents } from './deal.ts';
import type { Sale } from './sales.ts';

export const CONTEST_TYPES = ['General', 'Fast Start'] as const;
export type ContestType = (typeof CONTEST_TYPES)[number];

export const CONTEST_QUALIFIERS = ['Random', 'Sales Volume', 'Sales Number'] as const;
export type ContestQualifier = (typeof CONTEST_QUALIFIERS)[number];

export const CONTEST_STATUSES = ['upcoming', 'running', 'ended', 'decided'] as const;
export type ContestStatus = (typeof CONTEST_STATUSES)[number];

/** The one field that may still change once a contest is decided. */
export const CONTEST_EDITABLE_WHEN_DECIDED = ['description'] as const;

export const CONTEST_DATES_MESSAGE = 'End date must be on or after the start date.';

export const DECIDED_CONTEST_MESSAGE =
  'This contest has been decided: only its description can still be changed.';

/** The fields of a contest the rules read. */
export interface ContestFacts {
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  contest_qualifier?: string | null | undefined;
  team_ids?: readonly string[] | null | undefined;
  region_ids?: readonly string[] | null | undefined;
  decided_at?: string | null | undefined;
}

const DAY = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC starting the day, or NaN for anything that is not a YYYY-MM-DD day. */
export function dayStart(day: string | null | undefined): number {
  if (!day || !DAY_PATTERN.test(day)) return Number.NaN;
  const at = Date.parse(`${day}T00:00:00.000Z`);
  return new Date(at).toISOString().slice(0, 10) === day ? at : Number.NaN;
}

/** The moment a contest is over: the end of its end day, UTC (NaN without a valid end day). */
export function contestEndsAt(contest: ContestFacts): number {
  return dayStart(contest.end_date) + DAY;
}

/** The moment a contest starts: its start day's midnight, UTC. */
export function contestStartsAt(contest: ContestFacts): number {
  return dayStart(contest.start_date);
}

/** Where a contest is at `now`: upcoming, running, ended (waiting to be decided) or decided. */
export function contestStatus(contest: ContestFacts, now: Date): ContestStatus {
  if (contest.decided_at) return 'decided';
  const t = now.getTime();
  if (!(t >= contestStartsAt(contest))) return 'upcoming';
  return t >= contestEndsAt(contest) ? 'ended' : 'running';
}

/** Running first, then upcoming (soonest first), then ended and decided (latest first). */
export function compareContests(
  a: ContestFacts & { name?: string | null | undefined },
  b: ContestFacts & { name?: string | null | undefined },
  now: Date,
): number {
  const order: Record<ContestStatus, number> = { running: 0, upcoming: 1, ended: 2, decided: 2 };
  const sa = contestStatus(a, now);
  const sb = contestStatus(b, now);
  if (order[sa] !== order[sb]) return order[sa] - order[sb];
  const da = a.start_date ?? '';
  const db = b.start_date ?? '';
  if (sa === 'upcoming') {
    if (da !== db) return da < db ? -1 : 1;
  } else {
    const ea = a.end_date ?? '';
    const eb = b.end_date ?? '';
    if (ea !== eb) return ea > eb ? -1 : 1;
  }
  return (a.name ?? '').localeCompare(b.name ?? '');
}

export interface ContestUser {
  _id: string;
  status?: boolean | null | undefined;
  active?: boolean | null | undefined;
  deleted_at?: string | null | undefined;
}

export interface ContestTeam {
  _id: string;
  region_id?: string | null | undefined;
  deleted_at?: string | null | undefined;
}

export interface ContestRegion {
  _id: string;
  manager_ids?: readonly string[] | null | undefined;
  deleted_at?: string | null | undefined;
}

export interface ContestMembership {
  team_id?: string | null | undefined;
  user_id?: string | null | undefined;
  deleted_at?: string | null | undefined;
}

/** What the standings are computed from (the device's rows, or the server's). */
export interface ContestRows {
  users: readonly ContestUser[];
  teams: readonly ContestTeam[];
  regions: readonly ContestRegion[];
  members: readonly ContestMembership[];
  /** The org's sales (src/domain/sales.ts `salesOf`), or those the device holds. */
  sales: readonly Sale[];
}

const live = <T extends { deleted_at?: string | null | undefined }>(rows: readonly T[]): T[] =>
  rows.filter((r) => !r.deleted_at);

const activeUser = (u: ContestUser) => !u.deleted_at && u.status !== false && u.active !== false;

/** The ids of the people taking part, sorted. */
export function contestParticipants(
  contest: ContestFacts,
  rows: Pick<ContestRows, 'users' | 'teams' | 'regions' | 'members'>,
): string[] {
  const active = rows.users.filter(activeUser).map((u) => u._id);
  const teamIds = contest.team_ids ?? [];
  const regionIds = new Set(contest.region_ids ?? []);
  if (!teamIds.length && !regionIds.size) return [...new Set(active)].sort();
  const teams = new Set(teamIds);
  for (const t of live(rows.teams)) if (t.region_id && regionIds.has(t.region_id)) teams.add(t._id);
  const chosen = new Set<string>();
  for (const m of live(rows.members))
    if (m.team_id && m.user_id && teams.has(m.team_id)) chosen.add(m.user_id);
  for (const r of live(rows.regions))
    if (regionIds.has(r._id)) for (const id of r.manager_ids ?? []) chosen.add(id);
  return active.filter((id) => chosen.has(id)).sort();
}

export interface ContestSale {
  user_id: string;
  lead_id: string;
  /** The day it counts on, YYYY-MM-DD. */
  day: string;
  /** Its day's midnight (UTC, ms), to tell who reached a result first. */
  at: number;
  cents: number;
}

/** Every sale with an owner and a day, credited to the owner (src/domain/sales.ts). */
export function contestSales(rows: Pick<ContestRows, 'sales'>): ContestSale[] {
  const sales: ContestSale[] = [];
  for (const sale of rows.sales) {
    const at = dayStart(sale.day);
    if (!sale.owner_id || !sale.day || !Number.isFinite(at)) continue;
    sales.push({ user_id: sale.owner_id, lead_id: sale.lead_id, day: sale.day, at, cents: sale.cents });
  }
  return sales;
}

export interface ContestStanding {
  user_id: string;
  sales_number: number;
  sales_volume: number;
  /** 1 for the best; equal results share a rank (1, 2, 2, 4). */
  rank: number;
}

/** Whether a sale's day is within the contest's days, both included. */
export function inContest(contest: ContestFacts, day: string): boolean {
  const start = contest.start_date ?? '';
  const end = contest.end_date ?? '';
  return DAY_PATTERN.test(day) && day >= start && day <= end;
}

/**
 * The standings: every participant with their sales in the contest's days, best first by the
 * qualifier (Sales Volume: amount, then count; otherwise count, then amount), then who reached it
 * first (the earlier last sale), then the smaller user id. Equal count and amount share a rank.
 */
export function contestStandings(contest: ContestFacts, rows: ContestRows): ContestStanding[] {
  const participants = contestParticipants(contest, rows);
  const totals = new Map(participants.map((id) => [id, { number: 0, cents: 0, last: 0 }]));
  for (const sale of contestSales(rows)) {
    const total = totals.get(sale.user_id);
    if (!total || !inContest(contest, sale.day)) continue;
    total.number += 1;
    total.cents += sale.cents;
    total.last = Math.max(total.last, sale.at);
  }
  return rankStandings(
    contest,
    [...totals].map(([user_id, t]) => ({
      user_id,
      number: t.number,
      volume: fromCents(t.cents),
      last: t.last,
    })),
  );
}

interface Tally {
  user_id: string;
  number: number;
  volume: number;
  /** When the last counted sale happened (ms; 0 when unknown). */
  last: number;
}

function rankStandings(contest: ContestFacts, entries: Tally[]): ContestStanding[] {
  const byVolume = contest.contest_qualifier === 'Sales Volume';
  const primary = (e: Tally) => (byVolume ? e.volume : e.number);
  const secondary = (e: Tally) => (byVolume ? e.number : e.volume);
  const sorted = [...entries].sort(
    (a, b) =>
      primary(b) - primary(a) ||
      secondary(b) - secondary(a) ||
      a.last - b.last ||
      (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0),
  );
  const out: ContestStanding[] = [];
  sorted.forEach((e, i) => {
    const previous = sorted[i - 1];
    const tied = previous && primary(previous) === primary(e) && secondary(previous) === secondary(e);
    out.push({
      user_id: e.user_id,
      sales_number: e.number,
      sales_volume: e.volume,
      rank: tied ? (out[i - 1]?.rank ?? i + 1) : i + 1,
    });
  });
  return out;
}

/** Whether a value is a standing as the server stores it. */
function isStanding(value: unknown): value is ContestStanding {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.user_id === 'string' && typeof s.sales_number === 'number' && typeof s.sales_volume === 'number'
  );
}

/**
 * The standings a device shows while a contest runs: its own live count, raised to the server's
 * latest count where the server saw more (a rep's device holds only the deals the rep may see).
 * Each person keeps whichever of the two counted more sales (then more volume); everyone the device
 * counts stays, anyone only the server counts is added. Ranked as {@link contestStandings} ranks.
 */
export function shownStandings(
  contest: ContestFacts,
  live: readonly ContestStanding[],
  server: readonly unknown[] | null | undefined,
): ContestStanding[] {
  const best = new Map<string, Tally>(
    live.map((s) => [
      s.user_id,
      { user_id: s.user_id, number: s.sales_number, volume: s.sales_volume, last: 0 },
    ]),
  );
  for (const s of server ?? []) {
    if (!isStanding(s)) continue;
    const mine = best.get(s.user_id);
    if (
      !mine ||
      s.sales_number > mine.number ||
      (s.sales_number === mine.number && s.sales_volume > mine.volume)
    )
      best.set(s.user_id, { user_id: s.user_id, number: s.sales_number, volume: s.sales_volume, last: 0 });
  }
  return rankStandings(contest, [...best.values()]);
}

/** A 32-bit hash of a string (FNV-1a), the seed of the draw's generator. */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The drawn winner: the same participants (in any order: they are sorted by id first) and the same
 * seed always give the same person. Undefined when there is nobody to draw.
 */
export function drawWinner(participants: readonly string[], seed: string): string | undefined {
  const sorted = [...new Set(participants)].sort();
  if (!sorted.length) return undefined;
  const index = Math.floor(mulberry32(hashSeed(seed))() * sorted.length);
  return sorted[Math.min(index, sorted.length - 1)];
}

/** Who a Random contest's draw is over: those with a sale, or everyone when nobody sold. */
export function drawPool(standings: readonly ContestStanding[]): string[] {
  const sellers = standings.filter((s) => s.sales_number > 0).map((s) => s.user_id);
  return (sellers.length ? sellers : standings.map((s) => s.user_id)).sort();
}

/**
 * The winner of a finished contest: the first of the standings when they made at least one sale,
 * or for Random the draw with `seed` (see {@link drawPool}). Undefined when nobody took part, or
 * nobody sold in a Sales Number or Sales Volume contest.
 */
export function contestWinner(
  contest: ContestFacts,
  standings: readonly ContestStanding[],
  seed: string,
): string | undefined {
  if (contest.contest_qualifier === 'Random') return drawWinner(drawPool(standings), seed);
  const first = standings[0];
  return first && first.sales_number > 0 ? first.user_id : undefined;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Whether a change to a contest changes more than its description after it was decided (a field
 * sent with the value it already has is no change).
 */
export function decidedContestChange(
  contest: (ContestFacts & Record<string, unknown>) | undefined,
  fields: Record<string, unknown>,
): boolean {
  if (!contest?.decided_at) return false;
  return Object.entries(fields).some(
    ([key, value]) =>
      !(CONTEST_EDITABLE_WHEN_DECIDED as readonly string[]).includes(key) && !sameValue(contest[key], value),
  );
}

export interface ContestChangeProblem {
  field: string;
  message: string;
}

/**
 * What is wrong with changing `existing` (undefined for a new contest) by `fields`, which the
 * record schema has already checked one by one: a decided contest changing more than its
 * description, or the end day coming before the start day once both are merged.
 */
export function contestChangeProblem(
  existing: (ContestFacts & Record<string, unknown>) | undefined,
  fields: Record<string, unknown>,
): ContestChangeProblem | undefined {
  if (decidedContestChange(existing, fields)) return { field: 'request', message: DECIDED_CONTEST_MESSAGE };
  const start = (fields.start_date ?? existing?.start_date) as unknown;
  const end = (fields.end_date ?? existing?.end_date) as unknown;
  if (typeof start === 'string' && typeof end === 'string' && end < start)
    return { field: 'end_date', message: CONTEST_DATES_MESSAGE };
  return undefined;
}
