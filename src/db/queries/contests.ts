/**
 * What the contests screen reads on the device: the contests, and the rows their live standings
 * are computed from (src/domain/contests.ts): who is who, and the sales the device holds
 * (src/domain/sales.ts), dated by their signing day or their last move onto the sold stage.
 */
import type { ContestRows } from '#src/domain/contests.ts';
import { SALES_COLUMNS, salesOf, soldDays } from '#src/domain/sales.ts';
import type { CrmDatabase } from '../database.ts';
import { RowIndexReader } from '../rowIndexReader.ts';
import { dealStages } from './dealStages.ts';
import { stageMovesSince } from './stageMoves.ts';

/** A contest as pulled (server/db/schema.ts `contests`), each field possibly absent on a new row. */
export interface ContestRow {
  _id: string;
  name?: string;
  start_date?: string;
  end_date?: string;
  description?: string;
  contest_type?: string;
  contest_qualifier?: string;
  team_ids?: string[];
  region_ids?: string[];
  winner_id?: string | null;
  winner_seed?: string | null;
  decided_at?: string | null;
  standings?: unknown[];
  deleted_at?: string | null;
  pending?: boolean;
}

/** A person as the standings show them. */
export interface ContestPerson {
  name: string;
  pfp: string | null;
}

export interface ContestData extends ContestRows {
  people: Map<string, ContestPerson>;
  teamNames: Map<string, string>;
  regionNames: Map<string, string>;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Every contest on the device that is not deleted. */
export async function listContests(db: CrmDatabase): Promise<ContestRow[]> {
  return ((await db.contests.toArray()) as unknown as ContestRow[]).filter((row) => !row.deleted_at);
}

/** The contest with this id on the device, deleted or not. */
export async function getContest(db: CrmDatabase, id: string): Promise<ContestRow | undefined> {
  return (await db.contests.get(id)) as unknown as ContestRow | undefined;
}

/**
 * The moment from which stage moves are read for contests still to be counted (running or ended,
 * not decided): the earliest first day's midnight (UTC), so a sale moved onto the sold stage on
 * or after it is dated by its last move; null when no contest needs counting.
 */
export function salesSince(contests: readonly ContestRow[], now: Date): string | null {
  const today = now.toISOString().slice(0, 10);
  const starts = contests
    .filter((c) => !c.decided_at && c.start_date && c.start_date <= today)
    .map((c) => c.start_date as string)
    .sort();
  const first = starts[0];
  if (!first) return null;
  const at = Date.parse(`${first}T00:00:00.000Z`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** A reader of the contacts' sale columns through the row index, kept between reads. */
export function contestSalesReader(db: CrmDatabase): RowIndexReader {
  return new RowIndexReader(db, 'contacts');
}

/**
 * The rows the standings of the contests on the device are computed from: the sales the device
 * holds, dated with the stage moves from `since` on (none are read when null: no contest is
 * counted), who is who, and names.
 */
export async function contestData(
  db: CrmDatabase,
  since: string | null,
  contacts: RowIndexReader = contestSalesReader(db),
): Promise<ContestData> {
  const [users, teams, regions, members, stages, moves, sold] = await Promise.all([
    db.users.toArray(),
    db.teams.toArray(),
    db.regions.toArray(),
    db.team_members.toArray(),
    dealStages(db),
    since === null ? Promise.resolve([]) : stageMovesSince(db, new Date(since)),
    since === null ? Promise.resolve([]) : contacts.rows(SALES_COLUMNS),
  ]);
  const sales = salesOf(sold, stages, soldDays(moves, stages));
  return {
    users: users.map((u) => ({
      _id: u._id,
      status: typeof u.status === 'boolean' ? u.status : null,
      active: typeof u.active === 'boolean' ? u.active : null,
      deleted_at: text(u.deleted_at),
    })),
    teams: teams.map((t) => ({ _id: t._id, region_id: text(t.region_id), deleted_at: text(t.deleted_at) })),
    regions: regions.map((r) => ({
      _id: r._id,
      manager_ids: strings(r.manager_ids),
      deleted_at: text(r.deleted_at),
    })),
    members: members
      .filter((m) => !m.deleted_at)
      .map((m) => ({ team_id: text(m.team_id), user_id: text(m.user_id) })),
    sales,
    people: new Map(
      users.map((u) => [u._id, { name: text(u.name)?.trim() ?? '', pfp: text(u.pfp) || null }]),
    ),
    teamNames: new Map(teams.filter((t) => !t.deleted_at).map((t) => [t._id, text(t.name) ?? ''])),
    regionNames: new Map(regions.filter((r) => !r.deleted_at).map((r) => [r._id, text(r.name) ?? ''])),
  };
}
