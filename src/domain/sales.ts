/**
 * Sales: one definition for every screen that counts them (user and team pages, the users and
 * teams tables, the leaderboard, the dashboard's sales cards, contests) and for the server when it
 * needs the same figures (contest standings, the weekly winners). {@link salesOf} reads them.
 *
 * - A sale is a contact whose contract is signed: it stands on the sold stage (the Customer stage,
 *   else the last: {@link soldFrom}) and its status is not a cancellation. A cancelled sale is
 *   no longer a sale, so it leaves every count and sum it was in.
 * - Its day is the contact's Contract Signed Date when set, else the day (UTC) of its last move onto
 *   the sold stage from an unsold one (the server's 'moved_to' activities), else it has none: it
 *   counts in the totals but in no period.
 * - Its value is its contract amount, summed in whole cents; its size is its system size in kW,
 *   summed to the watt.
 * - An active deal is a contact past the first stage and before the sold stage.
 * - A sale is credited to the contact's owner; a team's figures are its contacts' (`team_id`).
 * - Periods are of days. A calendar month on the pages is its days ({@link monthRange}); a period of
 *   instants on the device's clock (the leaderboard's [start, end)) holds the sales whose day begins
 *   within it, at midnight on the device's clock ({@link dayBegins}), so this month on the
 *   leaderboard is this month on the pages. Contests and weekly winners compare the days themselves.
 */
import { toCents } from './deal.ts';
import type { DealStage } from './dealStages.ts';
import type { StageMove } from './monthlySales.ts';
import { soldFrom } from './pipeline.ts';

/** Statuses that undo a signed contract (the spec's Customer stage ends with Cancellation). */
const CANCELLED = new Set(['cancellation', 'cancelled', 'canceled']);

/** The contact fields the figures read (`SALES_COLUMNS` for a live read of the row index). */
export const SALES_COLUMNS = [
  'owner_id',
  'team_id',
  'deal_stage',
  'deal_stage_status',
  'contract_amount',
  'system_size_kw',
  'contract_signed_date',
] as const;

/** How many sales, their value in cents and their size in kW. */
export interface SalesTotal {
  count: number;
  cents: number;
  kw: number;
}

export interface SalesFigures {
  /** Every contact counted. */
  leads: number;
  /** Past the first stage and before the sold stage. */
  activeDeals: number;
  /** Every sale, whatever its day. */
  total: SalesTotal;
  /** The sales whose day is within the period asked for (this month on the pages). */
  period: SalesTotal;
}

/** A period of days, `from` included and `to` excluded (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** Whether a status undoes the contract. */
export function isCancelledStatus(status: unknown): boolean {
  return CANCELLED.has(
    String(status ?? '')
      .trim()
      .toLowerCase(),
  );
}

/** The day (YYYY-MM-DD) an instant falls on, on the device's clock. */
export function deviceDay(at: Date): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

/** The calendar month `now` is in, on the device's clock, as a day range. */
export function monthRange(now: Date): DayRange {
  const day = deviceDay;
  return {
    from: day(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: day(new Date(now.getFullYear(), now.getMonth() + 1, 1)),
  };
}

/** When a day (YYYY-MM-DD) begins on the device's clock (ms), or NaN for anything else. */
export function dayBegins(day: string | null): number {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : Number.NaN;
}

/** The day (YYYY-MM-DD, UTC) of each contact's last move onto a sold stage from an unsold one. */
export function soldDays(moves: readonly StageMove[], stages: readonly DealStage[]): Map<string, string> {
  const sold = soldFrom(stages);
  const position = new Map(stages.map((s, i) => [s.value, i]));
  const isSold = (stage: string | null) => sold >= 1 && (position.get(stage ?? '') ?? -1) >= sold;
  const latest = new Map<string, string>();
  for (const move of moves) {
    if (!isSold(move.to) || isSold(move.from)) continue;
    const at = Date.parse(move.date);
    if (Number.isNaN(at)) continue;
    const iso = new Date(at).toISOString();
    const before = latest.get(move.lead_id);
    if (!before || iso > before) latest.set(move.lead_id, iso);
  }
  return new Map([...latest].map(([id, iso]) => [id, iso.slice(0, 10)]));
}

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const amountOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
const idOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** One sale: whose it is (the contact's owner and team), its day, its value in cents and its size. */
export interface Sale {
  lead_id: string;
  owner_id: string | null;
  team_id: string | null;
  /** YYYY-MM-DD, or null when neither a Contract Signed Date nor a move onto the sold stage dates it. */
  day: string | null;
  cents: number;
  /** kW, to the watt. */
  kw: number;
}

/**
 * Every sale among `rows` (contacts) in the org's pipeline, one per contact: on the sold stage,
 * not cancelled, not deleted; dated by its Contract Signed Date, else by `soldOn` ({@link soldDays}).
 * The one reading of a sale that every count, sum and ranking of sales starts from.
 */
export function salesOf(
  rows: readonly Record<string, unknown>[],
  stages: readonly DealStage[],
  soldOn: ReadonlyMap<string, string> = new Map(),
): Sale[] {
  const sold = soldFrom(stages);
  if (sold < 1) return [];
  const position = new Map(stages.map((s, i) => [s.value, i]));
  const sales: Sale[] = [];
  for (const row of rows) {
    if (row.deleted_at) continue;
    const at = position.get(String(row.deal_stage ?? ''));
    if (at === undefined || at < sold || isCancelledStatus(row.deal_stage_status)) continue;
    const lead = String(row._id);
    sales.push({
      lead_id: lead,
      owner_id: idOf(row.owner_id),
      team_id: idOf(row.team_id),
      day: isDay(row.contract_signed_date) ? row.contract_signed_date : (soldOn.get(lead) ?? null),
      cents: toCents(amountOf(row.contract_amount)),
      kw: Math.round(amountOf(row.system_size_kw) * 1000) / 1000,
    });
  }
  return sales;
}

/** Whether a sale's day is within the day range (`from` included, `to` excluded). */
function inDays(day: string | null, range: DayRange): boolean {
  return day !== null && day >= range.from && day < range.to;
}

/** How many sales, their value in cents and their size in kW (summed to the watt, in any order). */
function salesTotal(sales: readonly Sale[]): SalesTotal {
  let cents = 0;
  let watts = 0;
  for (const sale of sales) {
    cents += sale.cents;
    watts += Math.round(sale.kw * 1000);
  }
  return { count: sales.length, cents, kw: watts / 1000 };
}

/** The moment from which stage moves are read to date the sales of `period` (its first day, UTC). */
export function movesReadFrom(period: DayRange): Date {
  return new Date(`${period.from}T00:00:00.000Z`);
}

/**
 * The figures of `rows` (contacts) in the org's pipeline: active deals, every sale, and the sales
 * whose day falls in `period`. `soldOn` are the days contacts were moved onto the sold stage
 * ({@link soldDays}), for sales without a Contract Signed Date.
 */
export function salesFigures(
  rows: readonly Record<string, unknown>[],
  stages: readonly DealStage[],
  period: DayRange,
  soldOn: ReadonlyMap<string, string> = new Map(),
): SalesFigures {
  const sold = soldFrom(stages);
  const position = new Map(stages.map((s, i) => [s.value, i]));
  let activeDeals = 0;
  for (const row of rows) {
    const at = position.get(String(row.deal_stage ?? ''));
    if (at !== undefined && at > 0 && at < sold) activeDeals++;
  }
  const sales = salesOf(rows, stages, soldOn);
  return {
    leads: rows.length,
    activeDeals,
    total: salesTotal(sales),
    period: salesTotal(sales.filter((s) => inDays(s.day, period))),
  };
}

/**
 * The figures of every owner's (`owner_id`) or team's (`team_id`) contacts at once, by id, in one
 * pass: what the users and teams tables show beside each row. Contacts with no such id are left out.
 */
export function salesFiguresBy(
  rows: readonly Record<string, unknown>[],
  field: 'owner_id' | 'team_id',
  stages: readonly DealStage[],
  period: DayRange,
  soldOn: ReadonlyMap<string, string> = new Map(),
): Map<string, SalesFigures> {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const id = row[field];
    if (typeof id !== 'string' || !id) continue;
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return new Map([...groups].map(([id, group]) => [id, salesFigures(group, stages, period, soldOn)]));
}

/** The users and teams tables' columns of a row's figures (counts), by column key. */
export function salesColumns(figures: SalesFigures | undefined): {
  active_deals: number;
  monthly_sales: number;
  total_sales: number;
} {
  return {
    active_deals: figures?.activeDeals ?? 0,
    monthly_sales: figures?.period.count ?? 0,
    total_sales: figures?.total.count ?? 0,
  };
}
