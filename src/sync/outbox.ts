/**
 * Local writes. Invariant: one Dexie transaction applies the change to the view row, keeps the
 * server copy as base on the first local edit of the row, and appends the numbered mutation — so a
 * change is never shown without being queued, nor queued without being shown.
 */
import { v7 as uuidv7 } from 'uuid';
import type { CrmDatabase, EntityRow, OutboxEntry } from '../db/database.ts';
import { getMeta, META, setMeta } from '../db/meta.ts';
import type { DealStage } from '../domain/dealStages.ts';
import { isAllowedMediaType, MEDIA_MAX_BYTES, thumbBlobId } from '../domain/media.ts';
import {
  createRichTextSanitizer,
  type RichTextSanitizer,
  sanitizeRichTextFields,
} from '../domain/sanitize.ts';
import { leadAddSchema, leadEditSchema } from '../domain/schemas/lead.ts';
import { type RecordTable, recordFieldsSchema } from '../domain/schemas/records.ts';
import { profileSaveSchema, userEditSchema } from '../domain/schemas/user.ts';
import type { MutationName, SyncTable } from '../domain/syncProtocol.ts';
import { describeZodError } from '../domain/validation.ts';
import { localDealStages } from './localDealStages.ts';
import { applyPending } from './pendingPatch.ts';

export class InvalidChangeError extends Error {}

/** Everything a local write reads, fetched in one IndexedDB round trip. */
interface WriteReads {
  nextId: number;
  current: EntityRow | undefined;
  base: { row: EntityRow } | undefined;
  stages: DealStage[];
}

async function readForWrite(db: CrmDatabase, table: SyncTable, rowId: string): Promise<WriteReads> {
  const [nextId, current, base, stages] = await Promise.all([
    getMeta(db, META.nextMutationId, 1),
    db.entity(table).get(rowId),
    db.base.get([table, rowId]),
    localDealStages(db),
  ]);
  return { nextId, current, base, stages };
}

/**
 * Appends a mutation and applies it to the view row, all in the caller's transaction. Reads go
 * out together and so do writes: a local edit costs two IndexedDB round trips, not eight.
 */
async function enqueue(
  db: CrmDatabase,
  table: SyncTable,
  rowId: string,
  name: MutationName,
  args: Record<string, unknown>,
  reads?: WriteReads,
  author?: string,
) {
  const rows = db.entity(table);
  const { nextId: id, current, base: existingBase, stages } = reads ?? (await readForWrite(db, table, rowId));
  const entry: OutboxEntry = {
    id,
    name,
    args,
    table,
    row_id: rowId,
    created_at: new Date().toISOString(),
    acked: 0,
    ...(author ? { author } : {}),
  };
  const next = applyPending(current, entry, stages);
  await Promise.all([
    setMeta(db, META.nextMutationId, id + 1),
    db.outbox.add(entry),
    // The first local edit of a server row keeps the server copy, to rebase on when the pull comes.
    current && !existingBase && !current.pending
      ? db.base.put({ table, _id: rowId, row: current })
      : undefined,
    next ? rows.put(next) : rows.delete(rowId),
  ]);
  return { entry, row: next };
}

function transactionTables(db: CrmDatabase, ...more: SyncTable[]) {
  return [
    db.outbox,
    db.meta,
    db.base,
    db.contacts,
    db.users,
    db.interfaces,
    db.pin_changes,
    ...more.map((t) => db.entity(t)),
  ];
}

/** Adds a lead on the device; the device chooses its id (UUID v7) so the add replays safely. */
export async function addLead(db: CrmDatabase, input: Record<string, unknown>): Promise<string> {
  const id = typeof input.id === 'string' ? input.id : uuidv7();
  const parsed = leadAddSchema.safeParse({ ...input, id });
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  await db.transaction('rw', transactionTables(db), () =>
    enqueue(db, 'contacts', id, 'lead.add.v1', parsed.data),
  );
  return id;
}

/** Leads written per transaction by `addLeads`: large enough to be fast, small enough to show progress. */
export const ADD_LEADS_BATCH = 500;

/**
 * Adds many leads (an import): a few large transactions instead of one per lead, each appending
 * one `lead.add.v1` mutation per lead with a device-chosen id. A batch that committed stays
 * committed and queued if a later one fails or the page closes, so an import resumes by running
 * again (the rows already written are found on the device).
 */
export async function addLeads(
  db: CrmDatabase,
  inputs: readonly Record<string, unknown>[],
  options: { batchSize?: number; onBatch?: (written: number, ids: string[]) => void | Promise<void> } = {},
): Promise<string[]> {
  const leads = inputs.map((input, index) => {
    const id = typeof input.id === 'string' ? input.id : uuidv7();
    const parsed = leadAddSchema.safeParse({ ...input, id });
    if (!parsed.success) throw new InvalidChangeError(`Lead ${index + 1}: ${describeZodError(parsed.error)}`);
    return { id, args: parsed.data as Record<string, unknown> };
  });
  const size = Math.max(1, options.batchSize ?? ADD_LEADS_BATCH);
  const ids: string[] = [];
  for (let start = 0; start < leads.length; start += size) {
    const batch = leads.slice(start, start + size);
    await db.transaction('rw', transactionTables(db), async () => {
      const [nextId, stages] = await Promise.all([getMeta(db, META.nextMutationId, 1), localDealStages(db)]);
      const createdAt = new Date().toISOString();
      const entries: OutboxEntry[] = batch.map((lead, i) => ({
        id: nextId + i,
        name: 'lead.add.v1',
        args: lead.args,
        table: 'contacts',
        row_id: lead.id,
        created_at: createdAt,
        acked: 0,
      }));
      const rows = entries
        .map((entry) => applyPending(undefined, entry, stages))
        .filter((row): row is EntityRow => row !== undefined);
      await Promise.all([
        setMeta(db, META.nextMutationId, nextId + batch.length),
        db.outbox.bulkAdd(entries),
        db.contacts.bulkPut(rows),
      ]);
    });
    const written = batch.map((lead) => lead.id);
    ids.push(...written);
    await options.onBatch?.(ids.length, written);
  }
  return ids;
}

/**
 * Edits fields of a lead on the device and answers the row as it now shows. Only changed fields
 * travel, with the field versions this device last saw, so the server can tell a stale change of
 * a protected field.
 */
export async function editLead(
  db: CrmDatabase,
  id: string,
  changes: Record<string, unknown>,
): Promise<EntityRow | undefined> {
  const parsed = leadEditSchema.safeParse({ ...changes, _id: id });
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  return db.transaction('rw', transactionTables(db), async () => {
    const reads = await readForWrite(db, 'contacts', id);
    const { current, base: storedBase } = reads;
    if (!current) throw new InvalidChangeError('This lead is not on this device any more.');
    const changed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(parsed.data)) {
      if (key === '_id' || key === 'id') continue;
      if (JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null)) changed[key] = value;
    }
    if (!Object.keys(changed).length) return current;
    const base = storedBase?.row ?? current;
    const seen = (base.field_versions as Record<string, number> | undefined) ?? {};
    const baseVersions: Record<string, number> = {};
    for (const key of Object.keys(changed)) if (seen[key] !== undefined) baseVersions[key] = seen[key];
    const written = await enqueue(
      db,
      'contacts',
      id,
      'lead.edit.v1',
      { _id: id, ...changed, base_versions: baseVersions },
      reads,
    );
    return written.row;
  });
}

/** Saves the signed-in user's profile (name and phone); the server also creates their configuration. */
export async function saveProfile(
  db: CrmDatabase,
  userId: string,
  input: Record<string, unknown>,
): Promise<void> {
  const parsed = profileSaveSchema.safeParse(input);
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  await db.transaction('rw', transactionTables(db), () =>
    enqueue(db, 'users', userId, 'profile.save.v1', parsed.data),
  );
}

/** How many changes wait to reach the server. */
export function pendingCount(db: CrmDatabase): Promise<number> {
  return db.outbox.count();
}

export type { EntityRow };

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

/** Changes a user's record (admins: any field of the users/edit call; others: their own profile). */
export async function editUser(db: CrmDatabase, id: string, changes: Record<string, unknown>): Promise<void> {
  const parsed = userEditSchema.safeParse({ ...changes, id });
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  await db.transaction('rw', transactionTables(db), async () => {
    const reads = await readForWrite(db, 'users', id);
    if (!reads.current) throw new InvalidChangeError('This user is not on this device any more.');
    await enqueue(db, 'users', id, 'user.edit.v1', parsed.data as Record<string, unknown>, reads);
  });
}

/**
 * Attaches a file (a photo taken offline, a PDF) to a lead: in one transaction the bytes and the
 * thumbnail are kept on the device and the media record is queued. The sync engine uploads the
 * bytes before it pushes the record, so nothing is lost between the two.
 */
export async function addMedia(
  db: CrmDatabase,
  input: { lead_id: string | null; file: Blob; name: string; thumb?: Blob | undefined },
  author?: string,
): Promise<string> {
  const type = input.file.type || 'application/octet-stream';
  if (!isAllowedMediaType(type))
    throw new InvalidChangeError('Only photos and PDF documents can be attached.');
  if (input.file.size > MEDIA_MAX_BYTES)
    throw new InvalidChangeError('The file is larger than 15 MB. Attach a smaller photo or document.');
  if (!input.file.size) throw new InvalidChangeError('The file is empty.');
  const parsed = recordFieldsSchema('media', true).safeParse({
    lead_id: input.lead_id,
    name: input.name,
    mimetype: type,
    size: input.file.size,
  });
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  const id = uuidv7();
  await db.transaction('rw', [...transactionTables(db, 'media'), db.media_blobs], async () => {
    const reads = await readForWrite(db, 'media', id);
    await db.media_blobs.bulkPut([
      { id, blob: input.file, name: input.name, type },
      ...(input.thumb
        ? [{ id: thumbBlobId(id), blob: input.thumb, name: input.name, type: input.thumb.type }]
        : []),
    ]);
    await enqueue(
      db,
      'media',
      id,
      'record.save.v1',
      { table: 'media', id, fields: parsed.data, create: true },
      reads,
      author,
    );
  });
  return id;
}
