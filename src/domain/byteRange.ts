/**
 * HTTP byte ranges (`Range: bytes=…`) as the map's tile archive is read: one range per request,
 * the way PMTiles readers ask. Shared by the server (206 answers) and the service worker (which
 * keeps each range under its own cache key, since the Cache API keys by URL alone). Pure.
 */

/** Inclusive first and last byte. */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeAnswer =
  /** No Range header: the whole file. */
  | { kind: 'whole' }
  | { kind: 'partial'; range: ByteRange }
  /** A range that cannot be served (416). */
  | { kind: 'unsatisfiable'; message: string };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/** What to send for a Range header against a file of `size` bytes. */
export function resolveRange(header: string | null | undefined, size: number): RangeAnswer {
  if (header === null || header === undefined || header.trim() === '') return { kind: 'whole' };
  const bad = (message: string): RangeAnswer => ({ kind: 'unsatisfiable', message });
  const match = SINGLE.exec(header.trim().replace(/\s+/g, ''));
  if (!match) return bad('Ask for one byte range, as in Range: bytes=0-16383.');
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return bad('Ask for one byte range, as in Range: bytes=0-16383.');
  if (first === '') {
    // The last n bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return bad('The range asks for no bytes.');
    return { kind: 'partial', range: { start: Math.max(0, size - n), end: size - 1 } };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) {
    return bad(`The range starts past the end of the file (${size} bytes).`);
  }
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(end) || end < start) return bad('The range ends before it starts.');
  return { kind: 'partial', range: { start, end } };
}

/** The Range header value for `length` bytes from `offset`. */
export function rangeHeader(offset: number, length: number): string {
  return `bytes=${offset}-${offset + length - 1}`;
}

/** The Content-Range header of a partial answer. */
export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

/** Reads `bytes a-b/size` (a Content-Range answer header). */
export function parseContentRange(
  header: string | null,
): (ByteRange & { size: number | undefined }) | undefined {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, start = '', end = '', size = ''] = match;
  return { start: Number(start), end: Number(end), size: size === '*' ? undefined : Number(size) };
}

/**
 * The Cache API key of one range of a file: the file's URL with the range as a query parameter
 * (a fragment would be ignored by the Cache API), so each range is kept and found on its own.
 */
export function rangeCacheKey(url: string, rangeHeaderValue: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.searchParams.set('bytes', rangeHeaderValue.trim().replace(/^bytes=/, ''));
  return parsed.href;
}
