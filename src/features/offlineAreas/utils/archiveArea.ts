/**
 * Saving an area of the org's PMTiles archive for offline use. The archive is read through the
 * PMTiles reader itself, so exactly the byte ranges the map asks for when it shows the area are
 * kept — the header with the root directory, the leaf directories on the way, and each tile of the
 * area's zooms — each under the file's URL plus its range, where the service worker finds them.
 */
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { rangeCacheKey, rangeHeader } from '#src/domain/byteRange.ts';
import { keepableRange } from '#src/domain/mapCaches.ts';
import { listTiles, sourceZoomRange, type TileId } from '#src/domain/tileMath.ts';
import type { DownloadProgress, DownloadResult, FileCache } from './downloadFiles.ts';
import type { StyleResources } from './mapStyleResources.ts';
import type { SavedArea } from './savedArea.ts';

const PREFIX = 'pmtiles://';

/** The archive URL of a `pmtiles://` style address, or undefined for a style URL. */
export function archiveUrlOf(styleUrl: string): string | undefined {
  return styleUrl.startsWith(PREFIX) ? styleUrl.slice(PREFIX.length) : undefined;
}

/** A range source reading kept ranges from the cache and fetching (and keeping) the others. */
class KeptRangeSource implements Source {
  /** Every range key read, kept or fetched: what the walk needs. */
  readonly keys = new Set<string>();
  bytes = 0;

  private readonly url: string;
  private readonly cache: FileCache;
  /** Without fetch, only kept ranges are read (a missing one fails). */
  private readonly fetchFn: typeof fetch | undefined;

  constructor(url: string, cache: FileCache, fetchFn: typeof fetch | undefined) {
    this.url = url;
    this.cache = cache;
    this.fetchFn = fetchFn;
  }

  getKey(): string {
    return this.url;
  }

  async getBytes(offset: number, length: number, signal?: AbortSignal): Promise<RangeResponse> {
    const range = rangeHeader(offset, length);
    const key = rangeCacheKey(this.url, range);
    const kept = await this.cache.match(key, { ignoreVary: true });
    let body: Response;
    if (kept) body = kept;
    else {
      if (!this.fetchFn) throw new Error(`${range} of ${this.url} is not saved`);
      // 'no-store': kept here, not in the HTTP cache or the viewed tiles' cache too.
      const response = await this.fetchFn(this.url, { headers: { range }, signal, cache: 'no-store' });
      const keepable = await keepableRange(response);
      if (!keepable) throw new Error(`${this.url} answered ${response.status} to a range request`);
      await this.cache.put(key, keepable.clone());
      body = keepable;
    }
    const data = await body.arrayBuffer();
    if (!this.keys.has(key)) {
      this.keys.add(key);
      this.bytes += data.byteLength;
    }
    return { data, etag: body.headers.get('etag') ?? undefined };
  }
}

type ArchiveArea = Pick<SavedArea, 'styleUrl' | 'sources' | 'bbox' | 'minZoom' | 'maxZoom'>;

function* areaTiles(area: ArchiveArea): Generator<TileId> {
  for (const source of area.sources) {
    const range = sourceZoomRange(source, area.minZoom, area.maxZoom);
    if (range) yield* listTiles(area.bbox, range[0], range[1]);
  }
}

/** What a style would need of the archive: one vector source of its zooms, no other files. */
export async function resolveArchiveResources(archiveUrl: string): Promise<StyleResources> {
  const header = await new PMTiles(archiveUrl).getHeader();
  return {
    files: [],
    sources: [
      {
        id: 'basemap',
        templates: [`${PREFIX}${archiveUrl}/{z}/{x}/{y}`],
        scheme: 'xyz',
        tileSize: 512,
        minzoom: header.minZoom,
        maxzoom: header.maxZoom,
      },
    ],
    skipped: [],
    maxzoom: header.maxZoom,
  };
}

const isQuotaError = (err: unknown) => err instanceof DOMException && err.name === 'QuotaExceededError';

/**
 * Fetches (or finds already kept) every range the area needs, a few tiles at a time. A tile the
 * archive does not hold counts as done; resumable like any download, since kept ranges are read
 * from the cache.
 */
export async function downloadArchiveArea(
  area: ArchiveArea & Pick<SavedArea, 'total'>,
  options: {
    cache: FileCache;
    fetch?: typeof fetch;
    signal?: AbortSignal;
    onProgress?: (progress: DownloadProgress) => void;
    concurrency?: number;
  },
): Promise<DownloadResult> {
  const url = archiveUrlOf(area.styleUrl);
  if (!url) throw new Error(`${area.styleUrl} is not a PMTiles archive`);
  const source = new KeptRangeSource(url, options.cache, options.fetch ?? globalThis.fetch.bind(globalThis));
  const archive = new PMTiles(source);
  const progress: DownloadProgress = { total: area.total, done: 0, failed: 0, bytes: 0 };
  let stopped: DownloadResult['stopped'] = options.signal?.aborted ? 'cancelled' : undefined;
  const tiles = areaTiles(area);
  async function worker() {
    for (let next = tiles.next(); !next.done && !stopped; next = tiles.next()) {
      const { z, x, y } = next.value;
      try {
        await archive.getZxy(z, x, y, options.signal);
        progress.done++;
      } catch (err) {
        if (isQuotaError(err)) stopped = 'quota';
        else if (options.signal?.aborted) stopped = 'cancelled';
        else {
          progress.failed++;
          console.warn(`Could not save tile ${z}/${x}/${y} of ${url} for offline use`, err);
        }
      }
      progress.bytes = source.bytes;
      options.onProgress?.({ ...progress });
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 6 }, worker));
  return { ...progress, bytes: source.bytes, stopped };
}

/** The range keys a saved area uses, read from the kept ranges alone (works offline). */
export async function archiveAreaKeys(area: ArchiveArea, cache: FileCache): Promise<Set<string>> {
  const url = archiveUrlOf(area.styleUrl);
  if (!url) return new Set();
  const source = new KeptRangeSource(url, cache, undefined);
  const archive = new PMTiles(source);
  for (const { z, x, y } of areaTiles(area)) {
    // A range that was never saved (a cut-short download) has nothing to remove.
    await archive.getZxy(z, x, y).catch(() => undefined);
  }
  return source.keys;
}
