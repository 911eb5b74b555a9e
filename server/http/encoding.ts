/** Content encodings the server answers with: which one a caller accepts, and compressing to it. */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlibConstants } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Brotli, else gzip, when the caller says it accepts it (and not with q=0). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Answers at least this large are compressed when the caller accepts it; a smaller one fits in a
 * packet or two, and compressing it would cost more than it saves.
 */
export const COMPRESS_FROM_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers from this size on are compressed in zlib's thread pool; smaller ones at once. */
const IN_POOL_FROM_BYTES = 1024 * 1024;

/**
 * Compresses an answer made on request: Brotli quality 1, or gzip level 1. A page of 100 leads
 * (155 kB) takes 0.26 ms and becomes 23 kB; a first sync's page of 5,000 demo rows (7.8 MB)
 * takes 13 ms and becomes 1.07 MB. Quality 4 would make them 19 kB and 0.80 MB for three times
 * the core: with it, `npm run bench -- server` answered 35% of the bare server's requests, against
 * 58% with quality 1 and 80% uncompressed.
 */
export async function compressAnswer(
  bytes: Uint8Array,
  encoding: Encoding,
): Promise<Uint8Array<ArrayBuffer>> {
  const brotli = {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  };
  // zlib's output is a Buffer over a plain ArrayBuffer (never a shared one).
  if (bytes.byteLength < IN_POOL_FROM_BYTES) {
    const packed = encoding === 'br' ? brotliCompressSync(bytes, brotli) : gzipSync(bytes, { level: 1 });
    return packed as Uint8Array<ArrayBuffer>;
  }
  // A large answer goes off the event loop, in pieces of about the size expected (an eighth of the
  // input) rather than 16 kB: a few rounds through the pool instead of fifty at 7.8 MB.
  const chunkSize = Math.min(bytes.byteLength >> 3, 1024 * 1024);
  const packed =
    encoding === 'br'
      ? await brotliAsync(bytes, { ...brotli, chunkSize })
      : await gzipAsync(bytes, { chunkSize, level: 1 });
  return packed as Uint8Array<ArrayBuffer>;
}
