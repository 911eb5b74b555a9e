/**
 * Sales: one definition for every screen that counts them (user and team pages, the users and
 * teams tables) and for the server when it needs the same figures.
 *
 * - A sale is a contact whose contract is signed: it stands on the sold stage (the Customer stage,
 *   else the last: {@link soldFrom}) and its status is not a cancellation. A cancelled sale is
 *   no longer a sale, so it leaves every count and sum it was in.
 * - Its day is the contact's Contract Signed Date when set, else the day of its last move onto the
 *   sold stage from an unsold one (the server's 'moved_to' activities), else it has none: it counts
 *   in the totals but in no month.
 * - Its value is its contract amount, summed in whole cents; its size is its system size in kW.
 * - An active deal is a contact past the first stage and before the sold stage.
 * - A contact is credited to its owner; a team's figures are its contacts' (`team_id`).
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

const EMPTY: SalesTotal = { count: 0, cents: 0, kw: 0 };

/** Whether a status undoes the contract. */
export function isCancelledStatus(status: unknown): boolean {
  return CANCELLED.has(
    String(status ?? '')
      .trim()
      .toLowerCase(),
  );
}

/** The calendar month `now` is in, on the device's clock, as a day range. */
export function monthRange(now: Date): DayRange {
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return {
    from: day(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: day(new Date(now.getFullYear(), now.getMonth() + 1, 1)),
  };
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

function add(total: SalesTotal, row: Record<string, unknown>): SalesTotal {
  return {
    count: total.count + 1,
    cents: total.cents + toCents(amountOf(row.contract_amount)),
    kw: Math.round((total.kw + amountOf(row.system_size_kw)) * 1000) / 1000,
  };
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
  let total = EMPTY;
  let inPeriod = EMPTY;
  for (const row of rows) {
    const at = position.get(String(row.deal_stage ?? ''));
    if (at === undefined || sold < 1) continue;
    if (at < sold) {
      if (at > 0) activeDeals++;
      continue;
    }
    if (isCancelledStatus(row.deal_stage_status)) continue;
    total = add(total, row);
    const day = isDay(row.contract_signed_date) ? row.contract_signed_date : soldOn.get(String(row._id));
    if (day && day >= period.from && day < period.to) inPeriod = add(inPeriod, row);
  }
  return { leads: rows.length, activeDeals, total, period: inPeriod };
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
