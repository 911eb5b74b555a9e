/** Media commands: attach a file kept on the device until the engine uploads it. */
import { v7 as uuidv7 } from 'uuid';
import type { CrmDatabase } from '#src/db/database.ts';
import { isAllowedMediaType, MEDIA_MAX_BYTES, thumbBlobId } from '#src/domain/media.ts';
import { recordFieldsSchema } from '#src/domain/schemas/records.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { enqueue, InvalidChangeError, readForWrite, transactionTables } from './enqueue.ts';
import { deleteRecord } from './records.ts';

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
  // Bytes, not Blobs (see MediaBlob), read before the transaction: it must not wait on a file.
  const [bytes, thumbBytes] = await Promise.all([input.file.arrayBuffer(), input.thumb?.arrayBuffer()]);
  await db.transaction('rw', [...transactionTables(db, 'media'), db.media_blobs], async () => {
    const reads = await readForWrite(db, 'media', id);
    await db.media_blobs.bulkPut([
      { id, bytes, name: input.name, type },
      ...(input.thumb && thumbBytes
        ? [
            {
              id: thumbBlobId(id),
              bytes: thumbBytes,
              name: input.name,
              type: input.thumb.type || 'image/jpeg',
            },
          ]
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

/** Deletes a file's record and queues the deletion; its bytes on the device go too. */
export async function deleteMedia(db: CrmDatabase, id: string): Promise<void> {
  await deleteRecord(db, 'media', id);
  await db.media_blobs.bulkDelete([id, thumbBlobId(id)]);
}
