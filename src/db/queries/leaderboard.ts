/** What the leaderboard reads on the device: a period's activities and appointments, and who is who. */
import type {
  LeaderboardActivity,
  LeaderboardAppointment,
  LeaderboardRows,
} from '../../domain/leaderboard.ts';
import type { CrmDatabase } from '../database.ts';
import { RowIndexReader } from '../rowIndexReader.ts';

const USER_COLUMNS = ['name', 'pfp', 'setter_closer', 'status'] as const;
const TEAM_COLUMNS = ['name', 'region_id'] as const;

/** Readers of users' and teams' few columns through the row index, kept between reads. */
export interface LeaderboardReaders {
  users: RowIndexReader;
  teams: RowIndexReader;
}

export function leaderboardReaders(db: CrmDatabase): LeaderboardReaders {
  return { users: new RowIndexReader(db, 'users'), teams: new RowIndexReader(db, 'teams') };
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
  const [activityRows, appointmentRows, users, teams, members] = await Promise.all([
    db.activities.where('date').between(from, to, true, false).toArray(),
    db.appointments
      .filter((a) => typeof a.created_at === 'string' && a.created_at >= from && a.created_at < to)
      .toArray(),
    readers.users.rows(USER_COLUMNS),
    readers.teams.rows(TEAM_COLUMNS),
    db.team_members.toArray(),
  ]);
  const activities: LeaderboardActivity[] = [];
  for (const a of activityRows) {
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
