/** Leads (the `contacts` table) on the device. */
import type { CrmDatabase } from '../database.ts';
import type { LeadRow } from '../rows.ts';

export async function getLead(db: CrmDatabase, id: string): Promise<LeadRow | undefined> {
  return (await db.contacts.get(id)) as LeadRow | undefined;
}

/** These leads, in the order asked (undefined: not on the device). */
export async function getLeads(db: CrmDatabase, ids: readonly string[]): Promise<(LeadRow | undefined)[]> {
  return (await db.contacts.bulkGet([...ids])) as (LeadRow | undefined)[];
}

/** The first `limit` leads that match, reading no further than needed. */
export async function findLeads(
  db: CrmDatabase,
  matches: (row: LeadRow) => boolean,
  limit: number,
): Promise<LeadRow[]> {
  return (await db.contacts
    .filter((row) => matches(row as LeadRow))
    .limit(limit)
    .toArray()) as LeadRow[];
}

export function countLeads(db: CrmDatabase): Promise<number> {
  return db.contacts.count();
}
