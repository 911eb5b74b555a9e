/**
 * Changes the server rejected. Invariant: they stay listed until the user retries (as a new
 * mutation, possibly edited) or discards them — never dropped silently.
 */
import type { CrmDatabase } from '../db/database.ts';
import { addLead, editLead } from './commands/leads.ts';

export async function discardRejected(db: CrmDatabase, id: number): Promise<void> {
  await db.rejected.delete(id);
}

/** Sends a rejected change again, with the user's corrections to its fields if any. */
export async function retryRejected(
  db: CrmDatabase,
  id: number,
  corrected?: Record<string, unknown>,
): Promise<void> {
  const entry = await db.rejected.get(id);
  if (!entry) return;
  const { base_versions: _seen, ...args } = { ...entry.mutation.args, ...corrected };
  if (entry.mutation.name === 'lead.add.v1') {
    // The add never reached the server: the same id can be used again.
    await addLead(db, args);
  } else if (entry.mutation.name === 'lead.edit.v1') {
    const { _id, id: rowId, ...changes } = args as Record<string, unknown>;
    await editLead(db, String(_id ?? rowId ?? entry.mutation.row_id), changes);
  }
  await db.rejected.delete(id);
}
