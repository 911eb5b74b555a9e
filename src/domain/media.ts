/** Files attached to leads: what may be uploaded, how large, and where it is served from. */

/** Largest file a device may attach (the server refuses larger ones with 413). */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;

/** A picture may be at most this many pixels on a side… */
export const IMAGE_MAX_SIDE = 8000;
/** …and at most this many pixels in all (40 megapixels). */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Longest side of a thumbnail, in pixels. */
export const THUMB_MAX_SIDE = 256;

/** Photos and PDF documents. SVG is refused: it can carry script and would be served from our origin. */
export function isAllowedMediaType(type: string): boolean {
  const t = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (t === 'image/svg+xml') return false;
  return /^image\/[a-z0-9.+-]+$/.test(t) || t === 'application/pdf';
}

/** Where the server serves a file's bytes (the session cookie authorises `<img src>`). */
export function mediaContentPath(id: string, thumb = false): string {
  return `/api/v2/media/${id}/content${thumb ? '?thumb=1' : ''}`;
}

/** The key of a file's thumbnail among the device's stored blobs. */
export const thumbBlobId = (id: string) => `${id}:thumb`;
