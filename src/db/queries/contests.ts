/**
 * What the contests screen reads on the device: the contests, and the rows their live standings
 * are computed from (src/domain/contests.ts): who is who, every status change to 'Closed Won' the
 * device holds and those leads' contract amounts and signing days.
 */
import type { ContestRows } from '#src/domain/contests.ts';
import type { LeaderboardActivity } from '#src/domain/leaderboard.ts';
import type { CrmDatabase } from '../database.ts';

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

const isClosedWon = (row: Record<string, unknown>) => {
  // A pull spreads an activity's data (old, new, field) onto the row itself.
  const data = row.data && typeof row.data === 'object' ? (row.data as Record<string, unknown>) : {};
  const status = text(row.new) ?? text(data.new);
  return row.type === 'lead_status_change' && status?.trim().toLowerCase() === 'closed won';
};

/** How far before a contest's first day a lead's earlier 'Closed Won' is looked for (it is then no new sale). */
export const EARLIER_SALES_DAYS = 90;

/**
 * The day from which status changes are read for contests still to be counted (running or ended,
 * not decided): EARLIER_SALES_DAYS before the earliest first day; null when none needs counting.
 */
export function salesSince(contests: readonly ContestRow[], now: Date): string | null {
  const today = now.toISOString().slice(0, 10);
  const starts = contests
    .filter((c) => !c.decided_at && c.start_date && c.start_date <= today)
    .map((c) => c.start_date as string)
    .sort();
  const first = starts[0];
  if (!first) return null;
  const at = Date.parse(`${first}T00:00:00.000Z`) - EARLIER_SALES_DAYS * 86_400_000;
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/**
 * The rows the standings of the contests on the device are computed from: status changes from
 * `since` on (by the date index; none when null), who is who, and names.
 */
export async function contestData(db: CrmDatabase, since: string | null): Promise<ContestData> {
  const [users, teams, regions, members, changes] = await Promise.all([
    db.users.toArray(),
    db.teams.toArray(),
    db.regions.toArray(),
    db.team_members.toArray(),
    since === null
      ? Promise.resolve([])
      : db.activities
          .where('date')
          .aboveOrEqual(since)
          .filter((a) => !a.deleted_at && isClosedWon(a))
          .toArray(),
  ]);
  const activities: LeaderboardActivity[] = changes.map((a) => ({
    _id: a._id,
    type: text(a.type),
    actor_id: text(a.actor_id),
    date: text(a.date),
    lead_refs: strings(a.lead_refs),
    data: { new: 'Closed Won' },
  }));
  const leadIds = [...new Set(activities.flatMap((a) => a.lead_refs?.slice(0, 1) ?? []))];
  const leads = (await db.contacts.bulkGet(leadIds)).flatMap((l) =>
    l
      ? [
          {
            _id: l._id,
            contract_amount: typeof l.contract_amount === 'number' ? l.contract_amount : null,
            contract_signed_date: text(l.contract_signed_date),
            deleted_at: text(l.deleted_at),
          },
        ]
      : [],
  );
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
    activities,
    leads,
    people: new Map(
      users.map((u) => [u._id, { name: text(u.name)?.trim() ?? '', pfp: text(u.pfp) || null }]),
    ),
    teamNames: new Map(teams.filter((t) => !t.deleted_at).map((t) => [t._id, text(t.name) ?? ''])),
    regionNames: new Map(regions.filter((r) => !r.deleted_at).map((r) => [r._id, text(r.name) ?? ''])),
  };
}
