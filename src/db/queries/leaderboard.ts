/**
 * What the leaderboard reads on the device: a period's activities, appointments and knocks, the
 * sales whose day is in it (src/domain/sales.ts), and who is who.
 */
import type {
  LeaderboardActivity,
  LeaderboardAppointment,
  LeaderboardNewLead,
  LeaderboardRows,
} from '#src/domain/leaderboard.ts';
import {
  dayBegins,
  deviceDay,
  movesReadFrom,
  SALES_COLUMNS,
  type Sale,
  salesOf,
  soldDays,
} from '#src/domain/sales.ts';
import type { CrmDatabase } from '../database.ts';
import { RowIndexReader } from '../rowIndexReader.ts';
import type { TableRow } from '../rows.ts';
import { dealStages } from './dealStages.ts';
import { fieldPathsInPeriod, knocksInPeriod } from './knocks.ts';
import { stageMovesSince } from './stageMoves.ts';

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

/** The contacts' columns the board reads: when and by whom each was created, and its sale. */
const CONTACT_COLUMNS = [...new Set(['created_at', 'created_by', ...SALES_COLUMNS])];

/** The live leads whose record was created in [start, end), for leads added. */
function leadsCreatedIn(rows: readonly TableRow[], start: Date, end: Date): LeaderboardNewLead[] {
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
 * The sales whose day begins in [start, end) on the device's clock (src/domain/sales.ts), dated by
 * their Contract Signed Date or by their last move onto the sold stage, read from the period's first
 * day (UTC) on, so a later move is the one that counts.
 */
async function salesIn(db: CrmDatabase, rows: readonly TableRow[], start: Date, end: Date): Promise<Sale[]> {
  const [stages, moves] = await Promise.all([
    dealStages(db),
    stageMovesSince(db, movesReadFrom({ from: deviceDay(start), to: deviceDay(end) })),
  ]);
  const [from, to] = [start.getTime(), end.getTime()];
  return salesOf(rows, stages, soldDays(moves, stages)).filter((sale) => {
    const at = dayBegins(sale.day);
    return at >= from && at < to;
  });
}

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
  const [activityRows, appointmentRows, users, teams, members, knocks, contacts] = await Promise.all([
    activitiesInPeriod(db, from, to),
    db.appointments
      .filter((a) => typeof a.created_at === 'string' && a.created_at >= from && a.created_at < to)
      .toArray(),
    readers.users.rows(USER_COLUMNS),
    readers.teams.rows(TEAM_COLUMNS),
    db.team_members.toArray(),
    knocksInPeriod(db, start, end),
    readers.contacts.rows(CONTACT_COLUMNS),
  ]);
  const activities = leaderboardActivities(activityRows);
  const live = contacts.filter((c) => !c.deleted_at);
  const sales = await salesIn(db, live, start, end);
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
    created: leadsCreatedIn(contacts, start, end),
    sales,
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
