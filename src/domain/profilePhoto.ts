/**
 * Profile photos: which images are taken, how large they are made on the device before they are
 * sent, and how the server marks the media record of one (a mark devices cannot set).
 */

/** Photos a browser draws everywhere (no GIF animation, no SVG script). */
export const PROFILE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Longest side of a profile photo after the device resized it. */
export const PROFILE_PHOTO_MAX_SIDE = 512;

/** The server takes a photo up to this many pixels a side (room for devices that resize less). */
export const PROFILE_PHOTO_ACCEPTED_SIDE = 2048;

/** A resized photo is far smaller; this bounds what the server keeps for one. */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export function isProfilePhotoType(type: string): boolean {
  const t = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return (PROFILE_PHOTO_TYPES as readonly string[]).includes(t);
}

const KEY_PREFIX = 'pfp:';

/** The `storage_key` of the media record of a user's photo (only the server writes that column). */
export function profilePhotoKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

/** The user whose photo a media record is, from its storage key. */
export function profilePhotoOwner(storageKey: string | null | undefined): string | undefined {
  return storageKey?.startsWith(KEY_PREFIX) ? storageKey.slice(KEY_PREFIX.length) || undefined : undefined;
}

/** The size to draw an image at so its longest side is at most `max`; never enlarged. */
export function fitWithin(width: number, height: number, max = PROFILE_PHOTO_MAX_SIDE) {
  if (!(width > 0 && height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** At most two initials of a name: "Ana María López" → "AL", "cher" → "C". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
