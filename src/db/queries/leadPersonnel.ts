/** A lead's people (owner, setter, closers) and who worked it, from the device's own data. */
import type { CrmDatabase } from '../database.ts';
import type { LeadRow } from '../rows.ts';
import type { FeedEntry } from './activityFeed.ts';
import { activityOfLead } from './leadRecords.ts';
import { text } from './text.ts';

export interface LeadPerson {
  role: 'owner' | 'setter' | 'closer';
  userId: string;
  /** Empty when the user is not on the device. */
  name: string;
  /** The user's setter/closer type, if set. */
  type: string;
}

export interface LeadWorker {
  who: string;
  /** How many of the lead's activity entries are theirs, and the latest. */
  count: number;
  /** Their latest entry, to be said in the reader's language. */
  last: FeedEntry;
  lastDate: string;
}

export interface LeadPersonnel {
  people: LeadPerson[];
  history: LeadWorker[];
  lastTouched: { who: string; date: string } | undefined;
}

/** How much of the lead's activity the history sums up. */
const HISTORY_ENTRIES = 500;

export async function personnelOfLead(
  db: CrmDatabase,
  lead: Pick<
    LeadRow,
    '_id' | 'owner_id' | 'created_by' | 'energy_consultants' | 'last_touched_by' | 'last_touched_at'
  >,
): Promise<LeadPersonnel> {
  const roles: { role: LeadPerson['role']; userId: string }[] = [];
  if (lead.owner_id) roles.push({ role: 'owner', userId: lead.owner_id });
  if (lead.created_by) roles.push({ role: 'setter', userId: lead.created_by });
  for (const id of Array.isArray(lead.energy_consultants) ? lead.energy_consultants : [])
    roles.push({ role: 'closer', userId: id });
  const touchedBy = text(lead.last_touched_by);
  const ids = [...new Set([...roles.map((r) => r.userId), touchedBy].filter(Boolean))];
  const users = await db.users.bulkGet(ids);
  const byId = new Map(ids.map((id, i) => [id, users[i]]));
  const people = roles.map((r) => {
    const user = byId.get(r.userId);
    return { ...r, name: text(user?.name), type: text(user?.setter_closer) };
  });

  // Newest first, so each person's first entry is their latest.
  const history = new Map<string, LeadWorker>();
  for (const entry of await activityOfLead(db, lead._id, HISTORY_ENTRIES)) {
    const { row, who } = entry;
    const key = text(row.actor_id) || who;
    if (!key) continue;
    const seen = history.get(key);
    if (seen) seen.count++;
    else history.set(key, { who, count: 1, last: entry, lastDate: text(row.date) });
  }
  const touchedAt = text(lead.last_touched_at);
  return {
    people,
    history: [...history.values()],
    lastTouched:
      touchedBy && touchedAt ? { who: text(byId.get(touchedBy)?.name), date: touchedAt } : undefined,
  };
}
