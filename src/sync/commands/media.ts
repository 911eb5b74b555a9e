/** Media commands: attach a file kept on the device until the engine uploads it. */
import { v7 as uuidv7 } from 'uuid';
import type { CrmDatabase } from '#src/db/database.ts';
import { isAllowedMediaType, MEDIA_MAX_BYTES, thumbBlobId } from '#src/domain/media.ts';
import { recordFieldsSchema } from '#src/domain/schemas/records.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { enqueue, InvalidChangeError, readForWrite, transactionTables } from './enqueue.ts';
import { deleteRecord } from './records.ts';

/** The media record of a file to attach, checked (throws InvalidChangeError when it cannot be). */
function mediaFields(input: { lead_id: string | null; name: string; type: string; size: number }) {
  if (!isAllowedMediaType(input.type))
    throw new InvalidChangeError('Only photos and PDF documents can be attached.');
  if (input.size > MEDIA_MAX_BYTES)
    throw new InvalidChangeError('The file is larger than 15 MB. Attach a smaller photo or document.');
  if (!input.size) throw new InvalidChangeError('The file is empty.');
  const parsed = recordFieldsSchema('media', true).safeParse({
    lead_id: input.lead_id,
    name: input.name,
    mimetype: input.type,
    size: input.size,
  });
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  return parsed.data;
}

/** The tables {@link keepFile} writes, for a caller's transaction. */
export const keepFileTables = (db: CrmDatabase) => [...transactionTables(db, 'media'), db.media_blobs];

/**
 * Keeps a file's bytes (and its thumbnail's) on the device and queues its media record, inside the
 * caller's transaction ({@link keepFileTables}); the sync engine uploads the bytes before it pushes
 * the record, so nothing is lost between the two.
 */
export async function keepFile(
  db: CrmDatabase,
  id: string,
  file: { lead_id: string | null; name: string; type: string; bytes: ArrayBuffer },
  thumb?: { type: string; bytes: ArrayBuffer },
  author?: string,
): Promise<void> {
  const fields = mediaFields({ ...file, size: file.bytes.byteLength });
  const reads = await readForWrite(db, 'media', id);
  await db.media_blobs.bulkPut([
    { id, bytes: file.bytes, name: file.name, type: file.type },
    ...(thumb ? [{ id: thumbBlobId(id), bytes: thumb.bytes, name: file.name, type: thumb.type }] : []),
  ]);
  await enqueue(
    db,
    'media',
    id,
    'record.save.v1',
    { table: 'media', id, fields, create: true },
    reads,
    author,
  );
}

/**
 * Attaches a file (a photo taken offline, a PDF) to a lead: in one transaction the bytes and the
 * thumbnail are kept on the device and the media record is queued.
 */
export async function addMedia(
  db: CrmDatabase,
  input: { lead_id: string | null; file: Blob; name: string; thumb?: Blob | undefined },
  author?: string,
): Promise<string> {
  const type = input.file.type || 'application/octet-stream';
  mediaFields({ lead_id: input.lead_id, name: input.name, type, size: input.file.size });
  const id = uuidv7();
  // Bytes, not Blobs (see MediaBlob), read before the transaction: it must not wait on a file.
  const [bytes, thumbBytes] = await Promise.all([input.file.arrayBuffer(), input.thumb?.arrayBuffer()]);
  await db.transaction('rw', keepFileTables(db), () =>
    keepFile(
      db,
      id,
      { lead_id: input.lead_id, name: input.name, type, bytes },
      input.thumb && thumbBytes ? { type: input.thumb.type || 'image/jpeg', bytes: thumbBytes } : undefined,
      author,
    ),
  );
  return id;
}

/** Deletes a file's record and queues the deletion; its bytes on the device go too. */
export async function deleteMedia(db: CrmDatabase, id: string): Promise<void> {
  await deleteRecord(db, 'media', id);
  await db.media_blobs.bulkDelete([id, thumbBlobId(id)]);
}
