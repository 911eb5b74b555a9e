/**
 * Pictures as they are stored: the type read from the bytes (never the declared one), the size in
 * pixels read from the headers and bounded, and what a camera or phone writes about the picture
 * taken out — where it was taken (EXIF GPS), the device, the owner, comments, edit history — so a
 * photo of a homeowner's house does not carry their position to whoever may see it. Only the
 * container is rewritten; the image data itself is copied as it is (nothing is decoded):
 *
 * - JPEG: EXIF and XMP (APP1), IPTC (APP13), comments and every other APPn segment are dropped,
 *   and so is anything after the end of the image (the extra pictures of a multi-picture file).
 *   The JFIF header (APP0), the ICC colour profile (APP2) and Adobe's colour transform (APP14)
 *   stay; so does the EXIF orientation, rewritten as a minimal EXIF block holding only it, so a
 *   portrait photo is still shown upright.
 * - PNG: tEXt, zTXt, iTXt, eXIf and tIME chunks are dropped, and anything after IEND.
 * - WebP: EXIF and XMP chunks are dropped, their flags cleared in VP8X and the RIFF size fixed.
 * - GIF: kept as it is (cameras do not write GIF); its size is bounded like the others'.
 */
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '#src/domain/media.ts';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export interface CleanImage {
  type: ImageType;
  bytes: Uint8Array;
  width: number;
  height: number;
}

export type ImageProblemKind = 'unsupported' | 'malformed' | 'dimensions';

/** Why a picture is refused: not a picture we take, broken, or too large in pixels. */
export class ImageProblem extends Error {
  readonly kind: ImageProblemKind;
  constructor(kind: ImageProblemKind, message: string) {
    super(message);
    this.name = 'ImageProblem';
    this.kind = kind;
  }
}

const MALFORMED: Record<Exclude<ImageType, 'image/gif'>, string> = {
  'image/jpeg': 'The JPEG picture is damaged or incomplete. Take or export it again.',
  'image/png': 'The PNG picture is damaged or incomplete. Export it again.',
  'image/webp': 'The WebP picture is damaged or incomplete. Export it again.',
};

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The picture's type, read from its first bytes (a declared type is not trusted). */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const starts = (...sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return 'image/webp';
  return undefined;
}

/** The picture with its metadata taken out, and its size; throws ImageProblem when refused. */
export function cleanImage(bytes: Uint8Array): CleanImage {
  const type = sniffImageType(bytes);
  if (!type) throw new ImageProblem('unsupported', 'The picture must be a JPEG, PNG, WebP or GIF image.');
  const clean =
    type === 'image/jpeg'
      ? cleanJpeg(bytes)
      : type === 'image/png'
        ? cleanPng(bytes)
        : type === 'image/webp'
          ? cleanWebp(bytes)
          : gifSize(bytes);
  checkDimensions(clean.width, clean.height);
  return { type, ...clean };
}

/** Refuses a picture larger than IMAGE_MAX_SIDE on a side or IMAGE_MAX_PIXELS in all. */
export function checkDimensions(width: number, height: number, maxSide = IMAGE_MAX_SIDE): void {
  if (width > maxSide || height > maxSide || width * height > IMAGE_MAX_PIXELS)
    throw new ImageProblem(
      'dimensions',
      `The picture is ${width}×${height} pixels; at most ${maxSide} pixels a side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels are taken. Send a smaller one.`,
    );
}

type Sized = { bytes: Uint8Array; width: number; height: number };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// ---- JPEG ----------------------------------------------------------------------------------

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const startsWithText = (b: Uint8Array, at: number, text: string) => ascii(b, at, text.length) === text;

/** SOF markers (C0–CF) other than DHT (C4), JPG (C8) and DAC (CC): they carry the size. */
const isFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function cleanJpeg(bytes: Uint8Array): Sized {
  const malformed = () => new ImageProblem('malformed', MALFORMED['image/jpeg']);
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let width = 0;
  let height = 0;
  let at = 2;
  for (;;) {
    if (at >= bytes.length || bytes[at] !== 0xff) throw malformed();
    while (bytes[at] === 0xff) at++;
    if (at >= bytes.length) throw malformed();
    const marker = bytes[at] as number;
    const start = at - 1;
    at++;
    if (marker === 0xd9) break; // EOI before any scan: no picture
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(bytes.subarray(start, at));
      continue;
    }
    if (at + 2 > bytes.length) throw malformed();
    const length = u16be(bytes, at);
    if (length < 2 || at + length > bytes.length) throw malformed();
    const body = at + 2;
    const end = at + length;
    if (marker === 0xda) {
      if (!width || !height) throw malformed();
      // The scans run to the end of the image; nothing after it (extra pictures, trailers) is kept.
      parts.push(bytes.subarray(start, endOfImage(bytes, end)));
      return { bytes: concat([...parts]), width, height };
    }
    if (isFrameMarker(marker)) {
      if (length < 8) throw malformed();
      height = u16be(bytes, body + 1);
      width = u16be(bytes, body + 3);
      if (!width || !height) throw malformed();
    }
    const keep =
      marker === 0xe0 ||
      (marker === 0xe2 && startsWithText(bytes, body, 'ICC_PROFILE\0')) ||
      (marker === 0xee && startsWithText(bytes, body, 'Adobe')) ||
      (marker < 0xe0 && marker !== 0xfe) ||
      (marker > 0xef && marker !== 0xfe);
    if (keep) parts.push(bytes.subarray(start, end));
    else if (marker === 0xe1 && startsWithText(bytes, body, 'Exif\0\0')) {
      const orientation = exifOrientation(bytes.subarray(body + 6, end));
      if (orientation) parts.push(orientationSegment(orientation));
    }
    at = end;
  }
  throw malformed();
}

/** Where the image ends: just after the first EOI marker from `from` (entropy data never holds one). */
function endOfImage(bytes: Uint8Array, from: number): number {
  for (let i = from; i + 1 < bytes.length; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return i + 2;
  return bytes.length;
}

/** The EXIF orientation (2–8) when it is not the default, read from a TIFF block; else undefined. */
function exifOrientation(tiff: Uint8Array): number | undefined {
  if (tiff.length < 8) return undefined;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return undefined;
  const u16 = (at: number) => (little ? (tiff[at] ?? 0) | ((tiff[at + 1] ?? 0) << 8) : u16be(tiff, at));
  const u32 = (at: number) =>
    little ? (u16(at) | (u16(at + 2) << 16)) >>> 0 : ((u16be(tiff, at) << 16) | u16be(tiff, at + 2)) >>> 0;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 2 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** An APP1 segment with an EXIF block holding nothing but the orientation. */
function orientationSegment(orientation: number): Uint8Array {
  // biome-ignore format: one row per TIFF field
  const tiff = [
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // big-endian TIFF header, IFD0 at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT, 1
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ];
  const payload = [...'Exif\0\0'].map((c) => c.charCodeAt(0)).concat(tiff);
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

// ---- PNG -----------------------------------------------------------------------------------

const u32be = (b: Uint8Array, at: number) => ((u16be(b, at) << 16) | u16be(b, at + 2)) >>> 0;
const PNG_DROPPED = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function cleanPng(bytes: Uint8Array): Sized {
  const malformed = () => new ImageProblem('malformed', MALFORMED['image/png']);
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let width = 0;
  let height = 0;
  let at = 8;
  for (let first = true; ; first = false) {
    if (at + 12 > bytes.length) throw malformed();
    const length = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type) || length > bytes.length - at - 12) throw malformed();
    const end = at + 12 + length;
    if (first) {
      if (type !== 'IHDR' || length !== 13) throw malformed();
      width = u32be(bytes, at + 8);
      height = u32be(bytes, at + 12);
      if (!width || !height) throw malformed();
    }
    if (!PNG_DROPPED.has(type)) parts.push(bytes.subarray(at, end));
    if (type === 'IEND') return { bytes: concat(parts), width, height };
    at = end;
  }
}

// ---- WebP ----------------------------------------------------------------------------------

const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32le = (b: Uint8Array, at: number) => (u16le(b, at) | (u16le(b, at + 2) << 16)) >>> 0;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function cleanWebp(bytes: Uint8Array): Sized {
  const malformed = () => new ImageProblem('malformed', MALFORMED['image/webp']);
  const riffEnd = 8 + u32le(bytes, 4);
  if (riffEnd > bytes.length || riffEnd < 12) throw malformed();
  const chunks: Uint8Array[] = [];
  let width = 0;
  let height = 0;
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw malformed();
    const fourcc = ascii(bytes, at, 4);
    const size = u32le(bytes, at + 4);
    const data = at + 8;
    if (size > riffEnd - data) throw malformed();
    const end = Math.min(riffEnd, data + size + (size % 2));
    if (at === 12) [width, height] = webpSize(bytes, fourcc, data, size, malformed);
    if (fourcc === 'VP8X') {
      const chunk = bytes.slice(at, end);
      chunk[8] = (chunk[8] as number) & ~(VP8X_EXIF | VP8X_XMP);
      chunks.push(chunk);
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') chunks.push(bytes.subarray(at, end));
    at = end;
  }
  if (!width || !height) throw malformed();
  const body = concat(chunks);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  const size = body.length + 4;
  header.set([size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, (size >>> 24) & 0xff], 4);
  return { bytes: concat([header, body]), width, height };
}

function webpSize(
  bytes: Uint8Array,
  fourcc: string,
  data: number,
  size: number,
  malformed: () => ImageProblem,
): [number, number] {
  if (fourcc === 'VP8X' && size >= 10) return [1 + u24le(bytes, data + 4), 1 + u24le(bytes, data + 7)];
  if (fourcc === 'VP8 ' && size >= 10) {
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) throw malformed();
    return [u16le(bytes, data + 6) & 0x3fff, u16le(bytes, data + 8) & 0x3fff];
  }
  if (fourcc === 'VP8L' && size >= 5) {
    if (bytes[data] !== 0x2f) throw malformed();
    const bits = u32le(bytes, data + 1);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  throw malformed();
}

// ---- GIF -----------------------------------------------------------------------------------

function gifSize(bytes: Uint8Array): Sized {
  if (bytes.length < 13) throw new ImageProblem('malformed', 'The GIF picture is damaged or incomplete.');
  return { bytes, width: u16le(bytes, 6), height: u16le(bytes, 8) };
}
