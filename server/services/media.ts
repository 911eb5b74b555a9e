/**
 * The bytes of files attached to leads. A device uploads a file before it pushes the `media`
 * record that names it, so a file may exist before its record: until then only its uploader may
 * read it; afterwards whoever may see the record's lead may read it.
 *
 * Writing bytes is changing the media record, so it follows `recordDenial` (its author, or whoever
 * may change other people's records of the lead; before the record exists, whoever may create
 * one). A file's bytes, and its thumbnail's, are written once: a new version is a new record. The
 * same upload sent again by its uploader (an answer lost on the way) succeeds and changes nothing;
 * different bytes for an existing file are refused.
 *
 * The type is read from the bytes, not trusted from the request: pictures must be JPEG, PNG, WebP
 * or GIF, and are stored without their metadata (a photo's GPS position, its device) and only up
 * to a bounded size in pixels (`cleanImage`); PDF documents are stored as they are. A retry is
 * recognised by the cleaned bytes, which the same original always gives.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { isAllowedMediaType, MEDIA_MAX_BYTES, mediaContentPath } from '#src/domain/media.ts';
import { type Actor, canOnContact } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import * as schema from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { cleanImage, ImageProblem } from './images/stripMetadata.ts';
import { conflict, forbidden, invalid, notFound, tooLarge, unsupportedMediaType } from './serviceError.ts';
import { isVisibleProfilePhoto } from './userPhotos.ts';
import { inVersionedTransaction } from './versions.ts';

const NOT_FOUND = 'This file does not exist or is not yours to see.';
const FILE_WRITTEN =
  'This file has already been uploaded and cannot be replaced. Attach the new version as a new file.';
const THUMB_WRITTEN =
  'This file already has a thumbnail, and it cannot be replaced. Attach the new version as a new file.';
const THUMB_NOT_YOURS = 'Only the person who uploaded this file can add its thumbnail.';

type MediaRow = typeof schema.media.$inferSelect;

async function mediaRow(tx: Tx, actor: Actor, id: string): Promise<MediaRow | undefined> {
  const [row] = await tx
    .select()
    .from(schema.media)
    .where(and(eq(schema.media.id, id), eq(schema.media.org_id, actor.org_id)));
  return row;
}

/** A file's record is seen with its lead; a record without a lead by its author. */
async function maySee(tx: Tx, actor: Actor, row: MediaRow, action: 'contacts.read' | 'contacts.status') {
  if (row.deleted_at) return false;
  // A user's profile photo is seen by whoever may see the user; it is changed only through them.
  if (action === 'contacts.read' && (await isVisibleProfilePhoto(tx, actor, row))) return true;
  if (!row.lead_id) return row.created_by === actor.user_id;
  const [lead] = await tx
    .select()
    .from(schema.contacts)
    .where(and(eq(schema.contacts.id, row.lead_id), eq(schema.contacts.org_id, actor.org_id)));
  return !!lead && !lead.deleted_at && canOnContact(actor, action, lead);
}

/**
 * Writing a file's bytes changes its media record: the record's own rule decides (the record, when
 * it exists, must also be one the caller may work; one they may not see stays hidden).
 */
async function requireWriteRight(tx: Tx, actor: Actor, row: MediaRow | undefined) {
  if (row && !(await maySee(tx, actor, row, 'contacts.status'))) throw notFound(NOT_FOUND);
  const denial = recordDenial(actor, 'media', row ? 'edit' : 'create', row);
  if (denial) throw forbidden(denial);
}

/** What is stored of a file, with digests rather than the bytes (a retry compares, never reads). */
interface StoredFile {
  org_id: number;
  uploader_id: string;
  mimetype: string;
  digest: string;
  thumb_digest: string | null;
}

async function storedFile(tx: Tx, id: string): Promise<StoredFile | undefined> {
  const [file] = await tx
    .select({
      org_id: schema.mediaFiles.org_id,
      uploader_id: schema.mediaFiles.uploader_id,
      mimetype: schema.mediaFiles.mimetype,
      digest: sql<string>`encode(sha256(${schema.mediaFiles.bytes}), 'hex')`,
      thumb_digest: sql<string | null>`encode(sha256(${schema.mediaFiles.thumb}), 'hex')`,
    })
    .from(schema.mediaFiles)
    .where(eq(schema.mediaFiles.media_id, id));
  return file;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface MediaUpload {
  id: string;
  mimetype: string;
  bytes: Uint8Array;
  /** The thumbnail of a file uploaded before, rather than the file itself. */
  thumb: boolean;
}

export async function putMediaContent(ctx: ServiceContext, actor: Actor, sent: MediaUpload) {
  if (!sent.bytes.byteLength) throw invalid('The file is empty.');
  if (sent.bytes.byteLength > MEDIA_MAX_BYTES)
    throw tooLarge('The file is larger than 15 MB. Attach a smaller photo or document.');
  if (!isAllowedMediaType(sent.mimetype))
    throw unsupportedMediaType('Only photos and PDF documents can be attached.');
  if (sent.thumb && !sent.mimetype.toLowerCase().startsWith('image/'))
    throw unsupportedMediaType('A thumbnail must be an image.');
  const upload: MediaUpload = { ...sent, ...storableContent(sent) };
  const digest = sha256(upload.bytes);
  // The file first, in a transaction that takes no version (it writes no synced row); then, only
  // when the record still lacks the url, the record through the org's version like every write.
  // A failure between the two is made good by the upload's retry (the same file again is a retry).
  const stored = await ctx.db.transaction(async (tx) => {
    const row = await mediaRow(tx, actor, upload.id);
    await requireWriteRight(tx, actor, row);
    const file = await storedFile(tx, upload.id);
    // Another org's file, or someone else's file whose record has not arrived yet, stays theirs.
    if (file && (file.org_id !== actor.org_id || (!row && file.uploader_id !== actor.user_id)))
      throw notFound(NOT_FOUND);
    if (upload.thumb) {
      if (!file) throw conflict('Upload the file before its thumbnail.');
      if (file.uploader_id !== actor.user_id) throw forbidden(THUMB_NOT_YOURS);
      await writeThumbOnce(tx, upload, file, digest);
    } else {
      await writeFileOnce(tx, actor, upload, file, digest);
    }
    const url = mediaContentPath(upload.id);
    return { id: upload.id, url, size: upload.bytes.byteLength, stale: !!row && row.url !== url };
  });
  const { stale, ...answer } = stored;
  // A record saved before its file arrived learns its url now, and devices pull the change.
  if (stale) {
    await inVersionedTransaction(ctx, actor.org_id, (tx, version) =>
      tx
        .update(schema.media)
        .set({ url: answer.url, version, updated_at: ctx.now().toISOString() })
        .where(and(eq(schema.media.id, upload.id), eq(schema.media.org_id, actor.org_id))),
    );
  }
  return answer;
}

const NOT_A_FILE_WE_TAKE = 'Only photos (JPEG, PNG, WebP or GIF) and PDF documents can be attached.';

/** A PDF starts with `%PDF-`, allowed a little way in (some writers put bytes before it). */
const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-', 0, 'latin1');

/**
 * What is stored of an upload: its type read from its bytes, and a picture cleaned of its metadata
 * and checked for its size in pixels. A file that is not what a picture or PDF must be is refused
 * with a message saying why (never a server error).
 */
function storableContent(upload: MediaUpload): { mimetype: string; bytes: Uint8Array } {
  const declared = upload.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared === 'application/pdf' && !upload.thumb) {
    if (!isPdf(upload.bytes)) throw unsupportedMediaType('This file is not a PDF document.');
    return { mimetype: 'application/pdf', bytes: upload.bytes };
  }
  try {
    const image = cleanImage(upload.bytes);
    return { mimetype: image.type, bytes: image.bytes };
  } catch (err) {
    if (!(err instanceof ImageProblem)) throw err;
    if (err.kind === 'unsupported')
      throw unsupportedMediaType(upload.thumb ? 'A thumbnail must be an image.' : NOT_A_FILE_WE_TAKE);
    throw invalid(err.message);
  }
}

/** The same upload again by its uploader is a harmless retry; anything else would replace the file. */
const isRetryOf = (file: StoredFile, actor: Actor, upload: MediaUpload, digest: string) =>
  file.uploader_id === actor.user_id && file.mimetype === upload.mimetype && file.digest === digest;

async function writeFileOnce(
  tx: Tx,
  actor: Actor,
  upload: MediaUpload,
  file: StoredFile | undefined,
  digest: string,
) {
  if (!file) {
    const inserted = await tx
      .insert(schema.mediaFiles)
      .values({
        media_id: upload.id,
        org_id: actor.org_id,
        uploader_id: actor.user_id,
        mimetype: upload.mimetype,
        bytes: upload.bytes,
      })
      .onConflictDoNothing({ target: schema.mediaFiles.media_id })
      .returning({ id: schema.mediaFiles.media_id });
    if (inserted.length) return;
    // Another upload of the same id got in first (two tabs, or a retry racing the original).
    file = await storedFile(tx, upload.id);
    if (file && file.org_id !== actor.org_id) throw notFound(NOT_FOUND);
  }
  if (!file || !isRetryOf(file, actor, upload, digest)) throw conflict(FILE_WRITTEN);
}

async function writeThumbOnce(tx: Tx, upload: MediaUpload, file: StoredFile, digest: string) {
  if (file.thumb_digest === null) {
    const written = await tx
      .update(schema.mediaFiles)
      .set({ thumb: upload.bytes })
      .where(and(eq(schema.mediaFiles.media_id, upload.id), isNull(schema.mediaFiles.thumb)))
      .returning({ id: schema.mediaFiles.media_id });
    if (written.length) return;
    file = (await storedFile(tx, upload.id)) ?? file;
  }
  if (file.thumb_digest !== digest) throw conflict(THUMB_WRITTEN);
}

export async function getMediaContent(ctx: ServiceContext, actor: Actor, id: string, thumb: boolean) {
  const [file] = await ctx.db
    .select()
    .from(schema.mediaFiles)
    .where(and(eq(schema.mediaFiles.media_id, id), eq(schema.mediaFiles.org_id, actor.org_id)));
  if (!file) throw notFound(NOT_FOUND);
  const row = await mediaRow(ctx.db, actor, id);
  const allowed = row
    ? await maySee(ctx.db, actor, row, 'contacts.read')
    : file.uploader_id === actor.user_id;
  if (!allowed) throw notFound(NOT_FOUND);
  // A file without a thumbnail (a PDF, or one still on its way) is served whole.
  if (thumb && file.thumb) return { mimetype: 'image/jpeg', bytes: file.thumb };
  return { mimetype: file.mimetype, bytes: file.bytes };
}

/** The url a new `media` record gets when its file is already here. */
export async function uploadedUrl(tx: Tx, orgId: number, id: string): Promise<string | null> {
  const [file] = await tx
    .select({ org_id: schema.mediaFiles.org_id })
    .from(schema.mediaFiles)
    .where(eq(schema.mediaFiles.media_id, id));
  return file && file.org_id === orgId ? mediaContentPath(id) : null;
}
