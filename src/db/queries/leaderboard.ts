/**
 * What the leaderboard reads on the device: a period's activities, appointments and knocks, the
 * contract amounts of the leads sold in it, and who is who.
 */
import {
  type LeaderboardActivity,
  type LeaderboardAppointment,
  type LeaderboardLead,
  type LeaderboardNewLead,
  type LeaderboardRows,
  METRIC_STATUSES,
} from '#src/domain/leaderboard.ts';
import type { CrmDatabase } from '../database.ts';
import { RowIndexReader } from '../rowIndexReader.ts';
import { fieldPathsInPeriod, knocksInPeriod } from './knocks.ts';

const USER_COLUMNS = ['name', 'pfp', 'setter_closer', 'status'] as const;
const TEAM_COLUMNS = ['name', 'region_id'] as const;

/** Readers of users' and teams' few columns through the row index, kept between reads. */
export interface LeaderboardReaders {
  users: RowIndexReader;
  teams: RowIndexReader;
  contacts: RowIndexReader;
}

export function leaderboardReaders(db: CrmDatabase): LeaderboardReaders {
  return {
    users: new RowIndexReader(db, 'users'),
    teams: new RowIndexReader(db, 'teams'),
    contacts: new RowIndexReader(db, 'contacts'),
  };
}

const NEW_LEAD_COLUMNS = ['created_at', 'created_by', 'owner_id'] as const;

/** The live leads whose record was created in [start, end), for leads added. */
async function leadsCreatedIn(
  readers: LeaderboardReaders,
  start: Date,
  end: Date,
): Promise<LeaderboardNewLead[]> {
  const rows = await readers.contacts.rows(NEW_LEAD_COLUMNS);
  const [from, to] = [start.getTime(), end.getTime()];
  const created: LeaderboardNewLead[] = [];
  for (const c of rows) {
    const at = text(c.created_at);
    const time = at ? Date.parse(at) : Number.NaN;
    if (c.deleted_at || !at || !(time >= from && time < to)) continue;
    created.push({ _id: c._id, created_at: at, created_by: text(c.created_by), owner_id: text(c.owner_id) });
  }
  return created;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The rows a leaderboard of [start, end) counts: activities by the date index (only that period's),
 * appointments created in it, users and teams with only the columns the board shows, memberships.
 */
export async function leaderboardRows(
  db: CrmDatabase,
  readers: LeaderboardReaders,
  start: Date,
  end: Date,
): Promise<LeaderboardRows> {
  const from = start.toISOString();
  const to = end.toISOString();
  const [activityRows, appointmentRows, users, teams, members, knocks, created] = await Promise.all([
    activitiesInPeriod(db, from, to),
    db.appointments
      .filter((a) => typeof a.created_at === 'string' && a.created_at >= from && a.created_at < to)
      .toArray(),
    readers.users.rows(USER_COLUMNS),
    readers.teams.rows(TEAM_COLUMNS),
    db.team_members.toArray(),
    knocksInPeriod(db, start, end),
    leadsCreatedIn(readers, start, end),
  ]);
  const activities = leaderboardActivities(activityRows);
  // Revenue: only the leads sold in the period are read, for their contract amount.
  const won = METRIC_STATUSES.closed_won.toLowerCase();
  const soldIds = new Set<string>();
  for (const a of activities) {
    const next = (a.data as { new?: unknown } | undefined)?.new;
    const lead = a.lead_refs?.[0];
    if (
      a.type === 'lead_status_change' &&
      lead &&
      typeof next === 'string' &&
      next.trim().toLowerCase() === won
    )
      soldIds.add(lead);
  }
  const sold = soldIds.size ? await db.contacts.bulkGet([...soldIds]) : [];
  const leads: LeaderboardLead[] = [];
  for (const lead of sold) {
    if (!lead || lead.deleted_at) continue;
    const amount = lead.contract_amount;
    leads.push({ _id: lead._id, contract_amount: typeof amount === 'number' ? amount : null });
  }
  const appointments: LeaderboardAppointment[] = appointmentRows
    .filter((a) => !a.deleted_at)
    .map((a) => ({
      _id: a._id,
      lead_id: text(a.lead_id),
      created_by: text(a.created_by),
      created_at: text(a.created_at),
    }));
  return {
    activities,
    appointments,
    knocks,
    created,
    leads,
    ...people(users, teams, members),
  };
}

function activitiesInPeriod(db: CrmDatabase, from: string, to: string) {
  return db.activities.where('date').between(from, to, true, false).toArray();
}

/** The live activities of a period in the shape the leaderboard's rules read. */
function leaderboardActivities(rows: EntityRowLike[]): LeaderboardActivity[] {
  const activities: LeaderboardActivity[] = [];
  for (const a of rows) {
    if (a.deleted_at) continue;
    activities.push({
      _id: a._id,
      type: text(a.type),
      actor_id: text(a.actor_id),
      date: text(a.date),
      lead_refs: Array.isArray(a.lead_refs) ? (a.lead_refs as string[]) : null,
      // A pull spreads an activity's data (old, new, field) onto the row itself.
      data: typeof a.new === 'string' ? { new: a.new } : a.data,
    });
  }
  return activities;
}

function people(users: EntityRowLike[], teams: EntityRowLike[], members: EntityRowLike[]) {
  return {
    users: users.map((u) => ({
      _id: u._id,
      name: text(u.name),
      pfp: text(u.pfp),
      setter_closer: text(u.setter_closer),
      status: typeof u.status === 'boolean' ? u.status : null,
    })),
    teams: teams.map((t) => ({ _id: t._id, name: text(t.name), region_id: text(t.region_id) })),
    members: members
      .filter((m) => !m.deleted_at)
      .map((m) => ({ team_id: text(m.team_id), user_id: text(m.user_id) })),
  };
}

type EntityRowLike = { _id: string; deleted_at?: string | null | undefined } & Record<string, unknown>;

/**
 * What the knock quality section reads: the period's knocks and status changes (the board's knocks,
 * counted there too when their knock record is not on the device), this device's paths, and who is who.
 */
export async function knockQualityRows(
  db: CrmDatabase,
  readers: LeaderboardReaders,
  userId: string,
  start: Date,
  end: Date,
): Promise<
  { rows: Pick<LeaderboardRows, 'activities' | 'users' | 'teams' | 'members' | 'knocks'> } & FieldRows
> {
  const [knocks, activityRows, field, users, teams, members] = await Promise.all([
    knocksInPeriod(db, start, end),
    activitiesInPeriod(db, start.toISOString(), end.toISOString()),
    fieldPathsInPeriod(db, userId, start, end),
    readers.users.rows(USER_COLUMNS),
    readers.teams.rows(TEAM_COLUMNS),
    db.team_members.toArray(),
  ]);
  const activities = leaderboardActivities(activityRows);
  return { rows: { knocks, activities, ...people(users, teams, members) }, ...field };
}

type FieldRows = Awaited<ReturnType<typeof fieldPathsInPeriod>>;
