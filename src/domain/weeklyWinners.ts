/**
 * The weekly activity winners (SPEC section 3: most_sales_week, most_leads_week,
 * most_installs_week): for one Monday–Sunday week, the person with the most sales, leads added and
 * installs: the sales by their one definition, leads added and installs from the activities the
 * server records when those things happen.
 *
 * - A sale is one of src/domain/sales.ts ({@link Sale}: a contact on the sold stage, not
 *   cancelled) whose day (its Contract Signed Date, else the day of its last move onto the sold
 *   stage) is in the week, credited to the contact's owner, reached at its day's midnight (UTC).
 * - A lead added is an `add_lead` activity.
 * - An install is a `lead_installed` activity, or a status change to 'Installation Completed'.
 *
 * Each contact counts once per person and category in a week, so the two activities one install
 * records are one install. Ties go to the person who reached the winning count first; the same
 * instant goes to the smaller user id, so the result never depends on row order. Weeks are in UTC.
 */
import type { Sale } from './sales.ts';

export const WEEKLY_WINNER_CATEGORIES = ['sales', 'leads', 'installs'] as const;
export type WeeklyWinnerCategory = (typeof WEEKLY_WINNER_CATEGORIES)[number];

export const WEEKLY_WINNER_TYPES: Record<WeeklyWinnerCategory, string> = {
  sales: 'most_sales_week',
  leads: 'most_leads_week',
  installs: 'most_installs_week',
};

const MESSAGE_LEADS: Record<WeeklyWinnerCategory, string> = {
  sales: 'Most sales this week',
  leads: 'Most leads this week',
  installs: 'Most installs this week',
};

export const INSTALLED_STATUS = 'Installation Completed';

/** The fields of an activity row the computation reads. */
export interface WinnerActivity {
  type: string;
  actor_id: string | null;
  /** ISO time stamp. */
  date: string;
  lead_refs: readonly string[];
  data: unknown;
}

export interface WeeklyWinner {
  category: WeeklyWinnerCategory;
  user_id: string;
  count: number;
  /** When the winner reached the winning count (ISO). */
  achieved_at: string;
}

export interface Week {
  /** Monday 00:00 UTC. */
  start: Date;
  /** The next Monday 00:00 UTC (exclusive). */
  end: Date;
}

const DAY = 86_400_000;

/** The Monday–Sunday UTC week that holds `at`. */
export function weekContaining(at: Date): Week {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const start = midnight - sinceMonday * DAY;
  return { start: new Date(start), end: new Date(start + 7 * DAY) };
}

/** The last whole week before the week that holds `at`. */
export function weekBefore(at: Date): Week {
  return weekContaining(new Date(weekContaining(at).start.getTime() - DAY));
}

/** The week's key, its Monday as YYYY-MM-DD: what makes a week's winners unique. */
export function weekKey(week: Week): string {
  return week.start.toISOString().slice(0, 10);
}

/** The week a key names, or null for anything that is not a Monday as YYYY-MM-DD. */
export function weekFromKey(key: string): Week | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return null;
  const start = new Date(`${key}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || weekKey({ start, end: start }) !== key) return null;
  if (start.getUTCDay() !== 1) return null;
  return { start, end: new Date(start.getTime() + 7 * DAY) };
}

/** 'Most sales this week: Riley Carter (4)'. */
export function winnerMessage(category: WeeklyWinnerCategory, name: string, count: number): string {
  return `${MESSAGE_LEADS[category]}: ${name} (${count})`;
}

function field(data: unknown, key: string): string | null {
  if (!data || typeof data !== 'object') return null;
  const value = (data as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/** Which category an activity counts for, if any (sales come from the sales themselves). */
function categoryOf(a: WinnerActivity): WeeklyWinnerCategory | null {
  if (a.type === 'add_lead') return 'leads';
  if (a.type === 'lead_installed') return 'installs';
  if (a.type === 'lead_status_change') {
    const status = field(a.data, 'new');
    if (status?.trim().toLowerCase() === INSTALLED_STATUS.toLowerCase()) return 'installs';
  }
  return null;
}

/** A credit of a category: who, about which contact, when (ms). */
interface Credit {
  category: WeeklyWinnerCategory;
  user: string;
  lead: string;
  at: number;
}

function* credits(rows: readonly WinnerActivity[], sales: readonly Sale[], week: Week): Iterable<Credit> {
  const from = week.start.getTime();
  const to = week.end.getTime();
  for (const a of rows) {
    const at = Date.parse(a.date);
    if (!a.actor_id || !(at >= from && at < to)) continue;
    const category = categoryOf(a);
    if (category)
      yield { category, user: a.actor_id, lead: a.lead_refs[0] ?? `activity:${a.type}:${at}`, at };
  }
  for (const sale of sales) {
    const at = sale.day ? Date.parse(`${sale.day}T00:00:00.000Z`) : Number.NaN;
    if (!sale.owner_id || !(at >= from && at < to)) continue;
    yield { category: 'sales', user: sale.owner_id, lead: sale.lead_id, at };
  }
}

interface Tally {
  leads: Set<string>;
  count: number;
  achievedAt: number;
}

/**
 * The winners of `week`, one per category that anyone scored in, in category order: leads and
 * installs from the activities `rows`, sales from `sales` (src/domain/sales.ts `salesOf`, any
 * day: those of the week count). `eligible` limits winners to those users (e.g. the org's people).
 */
export function weeklyWinners(
  rows: readonly WinnerActivity[],
  sales: readonly Sale[],
  week: Week,
  eligible?: ReadonlySet<string>,
): WeeklyWinner[] {
  // Each contact's first qualifying time per person and category: sort by time so counts grow in
  // the order things happened, whatever order the rows came in.
  const firsts = new Map<string, { category: WeeklyWinnerCategory; user: string; at: number }>();
  for (const { category, user, lead, at } of credits(rows, sales, week)) {
    if (eligible && !eligible.has(user)) continue;
    const key = `${category}\u0000${user}\u0000${lead}`;
    const seen = firsts.get(key);
    if (!seen || at < seen.at) firsts.set(key, { category, user, at });
  }
  const tallies = new Map<string, Tally>();
  const ordered = [...firsts.entries()].sort(([ka, a], [kb, b]) => a.at - b.at || (ka < kb ? -1 : 1));
  for (const [key, credit] of ordered) {
    const tallyKey = `${credit.category}\u0000${credit.user}`;
    const tally = tallies.get(tallyKey) ?? { leads: new Set(), count: 0, achievedAt: 0 };
    tally.leads.add(key);
    tally.count = tally.leads.size;
    tally.achievedAt = credit.at;
    tallies.set(tallyKey, tally);
  }
  const winners: WeeklyWinner[] = [];
  for (const category of WEEKLY_WINNER_CATEGORIES) {
    let best: { user: string; tally: Tally } | null = null;
    for (const [tallyKey, tally] of tallies) {
      const [c, user] = tallyKey.split('\u0000') as [WeeklyWinnerCategory, string];
      if (c !== category) continue;
      if (
        !best ||
        tally.count > best.tally.count ||
        (tally.count === best.tally.count &&
          (tally.achievedAt < best.tally.achievedAt ||
            (tally.achievedAt === best.tally.achievedAt && user < best.user)))
      ) {
        best = { user, tally };
      }
    }
    if (best) {
      winners.push({
        category,
        user_id: best.user,
        count: best.tally.count,
        achieved_at: new Date(best.tally.achievedAt).toISOString(),
      });
    }
  }
  return winners;
}
