/**
 * Upload image (SPEC section 7's serverless function {image, name} → {fileUrl}) over the media
 * service: the bytes go through `putMediaContent` and the file gets its `media` record through the
 * records service, in one transaction, so the same rules decide who may add it and who may see it
 * (the lead's people when `lead_id` is given, else only the uploader). The picture's type is read
 * from its bytes, and it is stored cleaned of its metadata like every other picture.
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '#src/domain/permissions.ts';
import { IMAGE_UPLOAD_MAX_BYTES, type ImageUploadInput } from '#src/domain/schemas/activity.ts';
import type { Database } from '../db/client.ts';
import type { ServiceContext } from './context.ts';
import { sniffImageType } from './images/stripMetadata.ts';
import { putMediaContent } from './media.ts';
import { saveRecord } from './records.ts';
import { invalid, tooLarge, unsupportedMediaType } from './serviceError.ts';

const NOT_AN_IMAGE = 'The image must be a JPEG, PNG, WebP or GIF picture.';

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
  const mimetype = sniffImageType(bytes);
  if (!mimetype) throw unsupportedMediaType(NOT_AN_IMAGE);
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const inTx: ServiceContext = { ...ctx, db: tx as unknown as Database };
    const stored = await putMediaContent(inTx, actor, { id, mimetype, bytes, thumb: false });
    await saveRecord(inTx, actor, {
      table: 'media',
      id,
      create: true,
      fields: { name: input.name, mimetype, size: stored.size, lead_id: input.lead_id ?? null },
    });
    return { _id: id, path: stored.url };
  });
}
