import type { CrmDatabase } from '#src/db/database.ts';
import { RECORD_TABLES, type RecordTable, type TableKey } from '#src/domain/schemas/records.ts';
import { InvalidChangeError } from './enqueue.ts';
import { editLead } from './leads.ts';
import { saveRecord } from './records.ts';
import { editUser } from './users.ts';

/** Changes fields of one row of a table through the device's outbox (contacts and users have their own mutations). */
export async function writeRow(
  db: CrmDatabase,
  table: TableKey,
  id: string,
  changes: Record<string, unknown>,
): Promise<void> {
  if (table === 'contacts') {
    await editLead(db, id, changes);
    return;
  }
  if (table === 'users') {
    await editUser(db, id, changes);
    return;
  }
  if (!(RECORD_TABLES as readonly string[]).includes(table))
    throw new InvalidChangeError('These records cannot be changed here.');
  await saveRecord(db, table as RecordTable, id, changes);
}
