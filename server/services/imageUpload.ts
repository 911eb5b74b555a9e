/**
 * Upload image (SPEC section 7's serverless function {image, name} → {fileUrl}) over the media
 * service: the bytes go through `putMediaContent` and the file gets its `media` record through the
 * records service, in one transaction, so the same rules decide who may add it and who may see it
 * (the lead's people when `lead_id` is given, else only the uploader).
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../src/domain/permissions.ts';
import { IMAGE_UPLOAD_MAX_BYTES, type ImageUploadInput } from '../../src/domain/schemas/activity.ts';
import type { Database } from '../db/client.ts';
import type { ServiceContext } from './context.ts';
import { putMediaContent } from './media.ts';
import { saveRecord } from './records.ts';
import { invalid, tooLarge, unsupportedMediaType } from './serviceError.ts';

const NOT_AN_IMAGE = 'The image must be a JPEG, PNG, WebP or GIF picture.';

/** The picture's type, read from its first bytes (a declared type is not trusted). */
function imageType(bytes: Uint8Array): string | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP')
    return 'image/webp';
  return undefined;
}

/** The bytes of `image`: base64, or a `data:` URL holding base64. */
function decode(image: string): Uint8Array {
  const text = image.trim().replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/i, '');
  const compact = text.replace(/\s+/g, '');
  if (!compact || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact))
    throw invalid('image: must be the picture as base64, or a data: URL holding base64.');
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

export async function uploadImage(
  ctx: ServiceContext,
  actor: Actor,
  input: ImageUploadInput,
): Promise<{ _id: string; path: string }> {
  const bytes = decode(input.image);
  if (bytes.byteLength > IMAGE_UPLOAD_MAX_BYTES)
    throw tooLarge(
      `The image is larger than ${Math.floor(IMAGE_UPLOAD_MAX_BYTES / 1024)} KB. Send a smaller one.`,
    );
  const mimetype = imageType(bytes);
  if (!mimetype) throw unsupportedMediaType(NOT_AN_IMAGE);
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const inTx: ServiceContext = { ...ctx, db: tx as unknown as Database };
    const stored = await putMediaContent(inTx, actor, { id, mimetype, bytes, thumb: false });
    await saveRecord(inTx, actor, {
      table: 'media',
      id,
      create: true,
      fields: { name: input.name, mimetype, size: bytes.byteLength, lead_id: input.lead_id ?? null },
    });
    return { _id: id, path: stored.url };
  });
}
