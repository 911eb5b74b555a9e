/**
 * Profile photos. The device resizes the photo and uploads its bytes through the media path
 * (PUT /api/v2/media/{id}/content); setting it as a user's photo then makes the media record,
 * marked with the user (`storage_key`, which devices cannot set), and points the user's `pfp` at
 * the file. Whoever may see the user may see their photo (`isVisibleProfilePhoto`). The stored
 * bytes decide: they must be a JPEG, PNG or WebP picture (already cleaned of its metadata by the
 * media path) of at most PROFILE_PHOTO_ACCEPTED_SIDE pixels a side.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { mediaContentPath } from '#src/domain/media.ts';
import { type Actor, can, canOnUser } from '#src/domain/permissions.ts';
import {
  isProfilePhotoType,
  PROFILE_PHOTO_ACCEPTED_SIDE,
  PROFILE_PHOTO_MAX_BYTES,
  profilePhotoKey,
  profilePhotoOwner,
} from '#src/domain/profilePhoto.ts';
import { uuidSchema } from '#src/domain/schemas/common.ts';
import type { UserPhotoInput } from '#src/domain/schemas/userProfile.ts';
import { userGrantDenial } from '#src/domain/userGrants.ts';
import { media, mediaFiles, users } from '../db/schema.ts';
import type { ServiceContext, Tx } from './context.ts';
import { checkDimensions, cleanImage, ImageProblem } from './images/stripMetadata.ts';
import { conflict, forbidden, invalid, notFound, tooLarge, unsupportedMediaType } from './serviceError.ts';
import { inVersionedTransaction } from './versions.ts';

export const PHOTO_MESSAGES = {
  notYours: "You can change your own photo; other people's photos need an admin.",
  noFile: 'Upload the photo before setting it.',
  type: 'A profile photo must be a JPEG, PNG or WebP image.',
  size: 'This photo is too large. Choose a smaller one.',
  inUse: 'This file is already used elsewhere. Upload the photo again.',
} as const;

export async function setProfilePhoto(
  ctx: ServiceContext,
  actor: Actor,
  input: UserPhotoInput,
): Promise<{ pfp: string }> {
  // The org's version before the user's row (inVersionedTransaction, versions.ts).
  return inVersionedTransaction(ctx, actor.org_id, async (tx, version) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, input._id), eq(users.org_id, actor.org_id), isNull(users.deleted_at)))
      .for('update');
    if (!user || !canOnUser(actor, 'users.read', user)) throw notFound('This user does not exist.');
    if (user.id !== actor.user_id && !can(actor, 'users.manage')) throw forbidden(PHOTO_MESSAGES.notYours);
    const denial = userGrantDenial(actor, user, {});
    if (denial) throw forbidden(denial);

    const [file] = await tx
      .select({
        org_id: mediaFiles.org_id,
        uploader_id: mediaFiles.uploader_id,
        mimetype: mediaFiles.mimetype,
        size: sql<number>`octet_length(${mediaFiles.bytes})`,
      })
      .from(mediaFiles)
      .where(eq(mediaFiles.media_id, input.media_id));
    // Only a file the caller uploaded themself, in their org, becomes a photo.
    if (!file || file.org_id !== actor.org_id || file.uploader_id !== actor.user_id)
      throw notFound(PHOTO_MESSAGES.noFile);
    if (!isProfilePhotoType(file.mimetype)) throw unsupportedMediaType(PHOTO_MESSAGES.type);
    if (Number(file.size) > PROFILE_PHOTO_MAX_BYTES) throw tooLarge(PHOTO_MESSAGES.size);
    const [stored] = await tx
      .select({ bytes: mediaFiles.bytes })
      .from(mediaFiles)
      .where(eq(mediaFiles.media_id, input.media_id));
    checkPhoto(stored?.bytes ?? new Uint8Array());

    const url = mediaContentPath(input.media_id);
    const [record] = await tx
      .select({ storage_key: media.storage_key })
      .from(media)
      .where(eq(media.id, input.media_id));
    // The same call again (an answer lost on the way) changes nothing; a lead's file is not a photo.
    if (record && record.storage_key !== profilePhotoKey(user.id)) throw conflict(PHOTO_MESSAGES.inUse);
    const now = ctx.now().toISOString();
    if (!record) {
      await tx.insert(media).values({
        id: input.media_id,
        org_id: actor.org_id,
        lead_id: null,
        name: 'Profile photo',
        url,
        mimetype: file.mimetype,
        size: Number(file.size),
        storage_key: profilePhotoKey(user.id),
        version,
        created_by: actor.user_id,
        updated_by: actor.user_id,
      });
    }
    if (user.pfp !== url) {
      await tx
        .update(users)
        .set({ pfp: url, version, updated_at: now, updated_by: actor.user_id })
        .where(eq(users.id, user.id));
    }
    return { pfp: url };
  });
}

/** The photo's bytes, not its declared type, decide: a JPEG, PNG or WebP picture of a bounded size. */
function checkPhoto(bytes: Uint8Array): void {
  try {
    const image = cleanImage(bytes);
    if (!isProfilePhotoType(image.type)) throw unsupportedMediaType(PHOTO_MESSAGES.type);
    checkDimensions(image.width, image.height, PROFILE_PHOTO_ACCEPTED_SIDE);
  } catch (err) {
    if (!(err instanceof ImageProblem)) throw err;
    if (err.kind === 'unsupported') throw unsupportedMediaType(PHOTO_MESSAGES.type);
    throw invalid(err.message);
  }
}

/** A profile photo is seen by whoever may see its user (a lead's files follow their lead instead). */
export async function isVisibleProfilePhoto(
  tx: Tx,
  actor: Actor,
  record: { lead_id: string | null; storage_key: string | null },
): Promise<boolean> {
  const owner = record.lead_id ? undefined : profilePhotoOwner(record.storage_key);
  if (!owner || !uuidSchema.safeParse(owner).success) return false;
  const [user] = await tx
    .select({ id: users.id, org_id: users.org_id })
    .from(users)
    .where(and(eq(users.id, owner), eq(users.org_id, actor.org_id), isNull(users.deleted_at)));
  return !!user && canOnUser(actor, 'users.read', user);
}
