/**
 * Small pictures built byte by byte for tests: a PNG (real, decodable pixels), a JPEG (its
 * container: markers, tables, frame and scan headers) and a WebP (a real 1×1 lossless picture),
 * each optionally carrying metadata a camera writes — EXIF with a GPS position, XMP, comments.
 */
import { crc32, deflateSync } from 'node:zlib';

const text = (s: string) => [...s].map((c) => c.charCodeAt(0));
const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

/** A position the tests look for: it must never survive cleaning. */
export const GPS_MARK = 'GPS-33.4484N-112.0740W';

/**
 * An EXIF (TIFF, big-endian) block: IFD0 with the orientation, the camera's make and a pointer to
 * a GPS IFD, whose latitude reference is followed by GPS_MARK as an ASCII value.
 */
export function exifBlock(orientation = 6): number[] {
  const make = text('PhoneMaker\0');
  const gpsText = text(`${GPS_MARK}\0`);
  // Layout: header 8 | IFD0 (2 + 3*12 + 4 = 42) at 8 | make at 50 | GPS IFD (2 + 12 + 4 = 18) at 61 | gps text at 79
  const ifd0 = 8;
  const makeAt = ifd0 + 42;
  const gpsIfd = makeAt + make.length;
  const gpsTextAt = gpsIfd + 18;
  const entry = (tag: number, type: number, count: number, value: number[]) => [
    ...be16(tag),
    ...be16(type),
    ...be32(count),
    ...value,
  ];
  return [
    ...text('MM'),
    ...be16(42),
    ...be32(ifd0),
    ...be16(3),
    ...entry(0x0112, 3, 1, [...be16(orientation), 0, 0]),
    ...entry(0x010f, 2, make.length, be32(makeAt)),
    ...entry(0x8825, 4, 1, be32(gpsIfd)),
    ...be32(0),
    ...make,
    ...be16(1),
    ...entry(0x0002, 2, gpsText.length, be32(gpsTextAt)),
    ...be32(0),
    ...gpsText,
  ];
}

// ---- PNG ----

function pngChunk(type: string, data: number[] | Uint8Array): Uint8Array {
  const body = new Uint8Array([...text(type), ...data]);
  return new Uint8Array([...be32(data.length), ...body, ...be32(crc32(body))]);
}

export interface PngOptions {
  width?: number;
  height?: number;
  /** Grey level of every pixel: two pictures with different shades differ in their bytes. */
  shade?: number;
  /** Metadata chunks written before the pixels. */
  metadata?: boolean;
  /** Declared size only: the pixel data stays 1×1 (for size checks, never decoded). */
  declared?: { width: number; height: number };
}

export function pngImage(options: PngOptions = {}): Uint8Array<ArrayBuffer> {
  const width = options.width ?? 2;
  const height = options.height ?? 2;
  const row = [0, ...Array.from({ length: width * 3 }, () => options.shade ?? 0x80)];
  const pixels = deflateSync(new Uint8Array(Array.from({ length: height }, () => row).flat()));
  const ihdr = [
    ...be32(options.declared?.width ?? width),
    ...be32(options.declared?.height ?? height),
    8,
    2,
    0,
    0,
    0,
  ];
  const metadata = options.metadata
    ? [
        pngChunk('tEXt', text(`Comment\0${GPS_MARK}`)),
        pngChunk('iTXt', text(`XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>${GPS_MARK}</x:xmpmeta>`)),
        pngChunk('zTXt', [...text('Author\0'), 0, ...deflateSync(new Uint8Array(text('Rita Rep')))]),
        pngChunk('eXIf', exifBlock()),
        pngChunk('tIME', [...be16(2026), 7, 14, 12, 0, 0]),
      ]
    : [];
  return concatBytes([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...metadata,
    pngChunk('IDAT', pixels),
    pngChunk('IEND', []),
  ]);
}

// ---- JPEG ----

const segment = (marker: number, payload: number[]) => [
  0xff,
  marker,
  ...be16(payload.length + 2),
  ...payload,
];

export interface JpegOptions {
  width?: number;
  height?: number;
  /** Writes EXIF (with GPS), XMP, IPTC, a comment and an extra picture after the end. */
  metadata?: boolean;
  /** The EXIF orientation to write with the metadata (1 = upright). */
  orientation?: number;
  /** A value written into the scan: two pictures with different scans differ in their bytes. */
  scan?: number;
}

export function jpegImage(options: JpegOptions = {}): Uint8Array<ArrayBuffer> {
  const width = options.width ?? 16;
  const height = options.height ?? 8;
  const meta = options.metadata
    ? [
        ...segment(0xe1, [...text('Exif\0\0'), ...exifBlock(options.orientation ?? 6)]),
        ...segment(0xe1, [
          ...text('http://ns.adobe.com/xap/1.0/\0'),
          ...text(`<x:xmpmeta>${GPS_MARK}</x:xmpmeta>`),
        ]),
        ...segment(0xed, [...text('Photoshop 3.0\0'), ...text(GPS_MARK)]),
        ...segment(0xfe, text(`Taken at ${GPS_MARK}`)),
      ]
    : [];
  const icc = segment(0xe2, [...text('ICC_PROFILE\0'), 1, 1, ...Array.from({ length: 16 }, (_, i) => i)]);
  const jfif = segment(0xe0, [...text('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]);
  const sof = segment(0xc0, [8, ...be16(height), ...be16(width), 1, 1, 0x11, 0]);
  const dht = segment(0xc4, [0x00, 1, ...Array.from({ length: 15 }, () => 0), 0]);
  const sos = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  const scan = [options.scan ?? 0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78];
  const eoi = [0xff, 0xd9];
  // A second picture after the end, as phones write for depth maps: with its own EXIF and position.
  const trailer = options.metadata
    ? [0xff, 0xd8, ...segment(0xe1, [...text('Exif\0\0'), ...exifBlock()]), ...eoi]
    : [];
  return new Uint8Array([
    0xff,
    0xd8,
    ...jfif,
    ...meta,
    ...icc,
    ...dqt,
    ...sof,
    ...dht,
    ...sos,
    ...scan,
    ...eoi,
    ...trailer,
  ]);
}

// ---- WebP ----

/** A real 1×1 lossless WebP (VP8L). */
const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

export function webpImage(options: { metadata?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const vp8l = [...WEBP_1X1.subarray(12)];
  if (!options.metadata) return new Uint8Array(WEBP_1X1);
  const riffChunk = (fourcc: string, data: number[]) => [
    ...text(fourcc),
    ...le32(data.length),
    ...data,
    ...(data.length % 2 ? [0] : []),
  ];
  // VP8X: flags EXIF (0x08) and XMP (0x04), canvas 1×1 (stored minus one, 24 bits each).
  const vp8x = riffChunk('VP8X', [0x08 | 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const exif = riffChunk('EXIF', exifBlock());
  const xmp = riffChunk('XMP ', text(`<x:xmpmeta>${GPS_MARK}</x:xmpmeta>`));
  const body = [...text('WEBP'), ...vp8x, ...vp8l, ...exif, ...xmp];
  return new Uint8Array([...text('RIFF'), ...le32(body.length), ...body]);
}

export function concatBytes(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.concat(parts));
}

export const containsText = (bytes: Uint8Array, needle: string) =>
  Buffer.from(bytes).includes(needle, 0, 'latin1');
