/** Record commands (schemas/records.ts: views, notes, appointments, teams, products…): save, delete. */
import { v7 as uuidv7 } from 'uuid';
import type { CrmDatabase } from '#src/db/database.ts';
import {
  createRichTextSanitizer,
  type RichTextSanitizer,
  sanitizeRichTextFields,
} from '#src/domain/sanitize.ts';
import { type RecordTable, recordFieldsSchema } from '#src/domain/schemas/records.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { enqueue, InvalidChangeError, readForWrite, transactionTables } from './enqueue.ts';

let deviceSanitizer: RichTextSanitizer | undefined;

/**
 * Rich-text fields (note bodies) sanitised as the server stores them, so the device's copy does
 * not change when the server's comes back. Needs the page's DOM; without one (a worker, Node) the
 * fields go as typed and the server's sanitised copy replaces them on the next pull.
 */
function sanitizedAsStored(table: RecordTable, fields: Record<string, unknown>): Record<string, unknown> {
  if (typeof window === 'undefined' || !window.document) return fields;
  return sanitizeRichTextFields(table, fields, () => {
    deviceSanitizer ??= createRichTextSanitizer(window);
    return deviceSanitizer;
  });
}

/**
 * Saves a record of schemas/records.ts (a view, note, appointment, file, team, product…): creates
 * it when `id` is not given (the device chooses the id), else changes only the fields that differ.
 * Answers the record's id.
 */
export async function saveRecord(
  db: CrmDatabase,
  table: RecordTable,
  id: string | undefined,
  fields: Record<string, unknown>,
  author?: string,
): Promise<string> {
  const rowId = id ?? uuidv7();
  await db.transaction('rw', transactionTables(db, table), async () => {
    const reads = await readForWrite(db, table, rowId);
    const create = !reads.current;
    if (id && create) throw new InvalidChangeError('This record is not on this device any more.');
    const parsed = recordFieldsSchema(table, create).safeParse(fields);
    if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
    const changed: Record<string, unknown> = {};
    const values = sanitizedAsStored(table, parsed.data as Record<string, unknown>);
    for (const [key, value] of Object.entries(values)) {
      if (create || JSON.stringify(reads.current?.[key] ?? null) !== JSON.stringify(value ?? null))
        changed[key] = value;
    }
    if (!create && !Object.keys(changed).length) return;
    await enqueue(
      db,
      table,
      rowId,
      'record.save.v1',
      { table, id: rowId, fields: changed, create },
      reads,
      author,
    );
  });
  return rowId;
}

/** Deletes a record of schemas/records.ts on the device and queues the deletion. */
export async function deleteRecord(db: CrmDatabase, table: RecordTable, id: string): Promise<void> {
  await db.transaction('rw', transactionTables(db, table), async () => {
    const reads = await readForWrite(db, table, id);
    if (!reads.current) return;
    await enqueue(db, table, id, 'record.delete.v1', { table, id }, reads);
  });
}
