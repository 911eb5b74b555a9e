import { PMTiles } from 'pmtiles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentRange, rangeCacheKey, resolveRange } from '#src/domain/byteRange.ts';
import { keptRangeAnswer } from '#src/domain/mapCaches.ts';
import { type BBox, countTiles, listTiles } from '#src/domain/tileMath.ts';
import { streetArchive } from '#tests/support/streetTiles.ts';
import { archiveAreaKeys, archiveUrlOf, downloadArchiveArea } from './archiveArea.ts';
import { MemoryFileCache } from './memoryFileCache.ts';

const URL_ = 'https://app.example/api/v2/map/tiles.pmtiles?v=abc';
// Small leaf directories, as a large archive has, so the walk must go through them.
const archive = streetArchive({
  center: [-112.07, 33.45],
  bbox: [-112.1, 33.42, -112.04, 33.48],
  minZoom: 10,
  maxZoom: 15,
  leafSize: 16,
});

/** The app's server: answers one byte range of the archive, as the tiles route does. */
function archiveServer() {
  const asked: string[] = [];
  const fetchFn = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('range');
    asked.push(range ?? 'whole');
    const answer = resolveRange(range, archive.bytes.byteLength);
    if (answer.kind !== 'partial') return new Response(null, { status: 416 });
    const { start, end } = answer.range;
    return new Response(archive.bytes.slice(start, end + 1), {
      status: 206,
      headers: { 'content-range': contentRange(answer.range, archive.bytes.byteLength), etag: '"abc"' },
    });
  }) as typeof fetch;
  return { fetchFn, asked };
}

const source = {
  id: 'basemap',
  templates: [`pmtiles://${URL_}/{z}/{x}/{y}`],
  scheme: 'xyz' as const,
  tileSize: 512,
};
const areaOf = (bbox: BBox, minZoom: number, maxZoom: number) => ({
  styleUrl: `pmtiles://${URL_}`,
  sources: [{ ...source, minzoom: 10, maxzoom: 15 }],
  bbox,
  minZoom,
  maxZoom,
  total: countTiles(bbox, minZoom, maxZoom),
});
const AREA = areaOf([-112.075, 33.445, -112.065, 33.455], 13, 15);

/** The device offline: fetch answers from kept ranges as the service worker does, else fails. */
function offlineDevice(cache: MemoryFileCache) {
  const fetchFn = async (url: RequestInfo | URL, init?: RequestInit) => {
    const range = new Headers(init?.headers).get('range') ?? '';
    const kept = await cache.match(rangeCacheKey(String(url), range));
    if (kept) return keptRangeAnswer(kept);
    throw new TypeError('Failed to fetch');
  };
  vi.stubGlobal('fetch', fetchFn);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saving an area of the PMTiles archive', () => {
  it('tells archive addresses from style addresses', () => {
    expect(archiveUrlOf(`pmtiles://${URL_}`)).toBe(URL_);
    expect(archiveUrlOf('https://maps.example.com/style.json')).toBeUndefined();
  });

  it('keeps the header, the directories and every tile of the area, so the map reads the area offline', async () => {
    const cache = new MemoryFileCache();
    const server = archiveServer();
    const result = await downloadArchiveArea(AREA, { cache, fetch: server.fetchFn });
    expect(result).toMatchObject({ total: AREA.total, done: AREA.total, failed: 0, stopped: undefined });
    expect(server.asked[0]).toBe('bytes=0-16383');
    // The directories were fetched once, not once per tile.
    expect(new Set(server.asked).size).toBe(server.asked.length);
    expect(cache.entries.has(rangeCacheKey(URL_, 'bytes=0-16383'))).toBe(true);
    const kept = [...cache.entries.values()];
    expect(kept.every((r) => r.status === 200 && r.headers.get('x-content-range'))).toBe(true);
    expect(result.bytes).toBe(
      (await Promise.all(kept.map(async (r) => (await r.clone().arrayBuffer()).byteLength))).reduce(
        (a, b) => a + b,
      ),
    );

    // Offline, the reader MapLibre uses finds every range it asks for among the kept ones.
    offlineDevice(cache);
    const online = new PMTiles({
      getKey: () => 'whole',
      getBytes: async (o, l) => ({ data: archive.bytes.slice(o, o + l).buffer }),
    });
    const reader = new PMTiles(URL_);
    for (const { z, x, y } of listTiles(AREA.bbox, 13, 15)) {
      const tile = await reader.getZxy(z, x, y);
      const expected = await online.getZxy(z, x, y);
      expect(tile?.data, `${z}/${x}/${y}`).toEqual(expected?.data);
      expect(tile?.data.byteLength).toBeGreaterThan(0);
    }
    // A zoom that was not saved is not there.
    const [outside] = listTiles(AREA.bbox, 12, 12);
    await expect(reader.getZxy(12, outside?.x ?? 0, outside?.y ?? 0)).rejects.toThrow();
  });

  it('resumes: kept ranges are not fetched again', async () => {
    const cache = new MemoryFileCache();
    await downloadArchiveArea(AREA, { cache, fetch: archiveServer().fetchFn });
    const again = archiveServer();
    const result = await downloadArchiveArea(AREA, { cache, fetch: again.fetchFn });
    expect(again.asked).toEqual([]);
    expect(result).toMatchObject({ done: AREA.total, failed: 0 });
  });

  it('stops when the device is full, and counts a failing range as failed', async () => {
    const full = new MemoryFileCache();
    full.failPutWith = new DOMException('full', 'QuotaExceededError');
    expect(await downloadArchiveArea(AREA, { cache: full, fetch: archiveServer().fetchFn })).toMatchObject({
      stopped: 'quota',
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = (async () => new Response('no', { status: 500 })) as unknown as typeof fetch;
    const result = await downloadArchiveArea(AREA, { cache: new MemoryFileCache(), fetch: broken });
    expect(result).toMatchObject({ done: 0, failed: AREA.total });
  });

  it('names the ranges an area uses, from the kept ones alone, for removing it', async () => {
    const cache = new MemoryFileCache();
    const other = areaOf([-112.05, 33.465, -112.045, 33.47], 14, 15);
    await downloadArchiveArea(AREA, { cache, fetch: archiveServer().fetchFn });
    await downloadArchiveArea(other, { cache, fetch: archiveServer().fetchFn });
    const mine = await archiveAreaKeys(AREA, cache);
    const theirs = await archiveAreaKeys(other, cache);
    const header = rangeCacheKey(URL_, 'bytes=0-16383');
    expect(mine.has(header) && theirs.has(header)).toBe(true);
    expect([...mine].filter((k) => !theirs.has(k)).length).toBeGreaterThan(0);
    expect(new Set([...mine, ...theirs])).toEqual(new Set(cache.entries.keys()));
  });
});
