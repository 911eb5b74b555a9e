/** What a lead import (in its worker, on its own connection) reads of the device. */
import type { DealStage } from '#src/domain/dealStages.ts';
import { CrmDatabase } from '../database.ts';
import type { LeadRow, UserRow } from '../rows.ts';
import { dealStages } from './dealStages.ts';

/**
 * Opens the named device database, hands each lead to `eachLead` (streamed, not loaded at once),
 * and answers the users and deal stages; the connection is closed again.
 */
export async function readImportDevice(
  databaseName: string,
  eachLead: (lead: LeadRow) => void,
): Promise<{ users: UserRow[]; stages: DealStage[] }> {
  const db = new CrmDatabase(databaseName);
  try {
    const [users, stages] = await Promise.all([db.users.toArray() as Promise<UserRow[]>, dealStages(db)]);
    await db.contacts.each((contact) => eachLead(contact as LeadRow));
    return { users, stages };
  } finally {
    db.close();
  }
}
