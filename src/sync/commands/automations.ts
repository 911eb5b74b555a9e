/**
 * Automation commands: an admin's saves, switches and deletions, kept on the device at once and
 * queued as `record.save.v1` / `record.delete.v1` (the shared schemas check them on both sides).
 */
import type { CrmDatabase } from '#src/db/database.ts';
import { deleteRecord, saveRecord } from './records.ts';

/** Creates an automation (`id` undefined) or changes the given fields of one; answers its id. */
export function saveAutomation(
  db: CrmDatabase,
  id: string | undefined,
  fields: Record<string, unknown>,
  author?: string,
): Promise<string> {
  return saveRecord(db, 'automations', id, fields, author);
}

/** Turns an automation on or off. */
export async function setAutomationEnabled(db: CrmDatabase, id: string, enabled: boolean): Promise<void> {
  await saveRecord(db, 'automations', id, { enabled });
}

/** Deletes an automation on the device and queues the deletion. */
export function deleteAutomation(db: CrmDatabase, id: string): Promise<void> {
  return deleteRecord(db, 'automations', id);
}
