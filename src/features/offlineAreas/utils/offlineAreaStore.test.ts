import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { type BBox, countTiles, DEFAULT_TILE_BYTES } from '#src/domain/tileMath.ts';
import type { StyleResources } from './mapStyleResources.ts';
import { MemoryFileCache } from './memoryFileCache.ts';
import {
  type AreaStoreDeps,
  averageTileBytes,
  downloadArea,
  listSavedAreas,
  newSavedArea,
  removeSavedArea,
} from './offlineAreaStore.ts';
import { areaUrls } from './savedArea.ts';

const STYLE = 'https://tiles.example.com/style.json';
const resources: StyleResources = {
  files: [STYLE, 'https://tiles.example.com/sprite.json', 'https://tiles.example.com/sprite.png'],
  sources: [
    {
      id: 'base',
      templates: ['https://tiles.example.com/{z}/{x}/{y}.png'],
      scheme: 'xyz',
      tileSize: 256,
      minzoom: 0,
      maxzoom: 14,
    },
  ],
  skipped: [],
  maxzoom: 14,
};
const WEST: BBox = [-112.12, 33.42, -112.07, 33.49];
const EAST: BBox = [-112.07, 33.42, -112.02, 33.49];

let n = 0;
function deps(
  fail?: (url: string) => boolean,
): AreaStoreDeps & { cache: MemoryFileCache; requested: string[] } {
  const cache = new MemoryFileCache();
  const requested: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    const url = String(input);
    requested.push(url);
    if (fail?.(url)) return new Response('busy', { status: 503 });
    return new Response(new Uint8Array(1000));
  }) as typeof fetch;
  n++;
  return {
    records: createStore(`areas-test-${n}`, 'areas'),
    openCache: async () => cache,
    fetch: fetchFn,
    cache,
    requested,
  };
}

const area = (bbox: BBox, name = 'Block') =>
  newSavedArea({
    name: ` ${name} `,
    bbox,
    mapZoom: 12.4,
    maxZoom: 13,
    styleUrl: STYLE,
    pixelRatio: 1,
    resources,
  });

describe('saved areas', () => {
  it('plans the files and tiles of an area', () => {
    const a = area(WEST);
    // 256 px tiles: map zooms 12–13 are tile zooms 13–14.
    expect(a).toMatchObject({ name: 'Block', minZoom: 12, maxZoom: 13, status: 'partial', done: 0 });
    expect(a.total).toBe(3 + countTiles(WEST, 13, 14));
    expect([...areaUrls(a)]).toHaveLength(a.total);
    expect(new Set(areaUrls(a)).size).toBe(a.total);
  });

  it('downloads an area and keeps it as complete with its size', async () => {
    const d = deps();
    const { area: saved, result } = await downloadArea(area(WEST), d);
    expect(result.stopped).toBeUndefined();
    expect(saved).toMatchObject({
      status: 'complete',
      done: saved.total,
      failed: 0,
      bytes: saved.total * 1000,
    });
    expect(d.cache.entries.size).toBe(saved.total);
    expect(await listSavedAreas(d)).toEqual([saved]);
    expect(await averageTileBytes(d)).toBe(1000);
  });

  it('keeps an area with failures as partial, and completes it on resume without fetching twice', async () => {
    let failing = true;
    const d = deps((url) => failing && url.endsWith('/14/3089/6572.png'));
    const first = await downloadArea(area(WEST), d);
    expect(first.area).toMatchObject({ status: 'partial', failed: 1 });
    expect(await averageTileBytes(d)).toBe(DEFAULT_TILE_BYTES);
    failing = false;
    const before = d.requested.length;
    const second = await downloadArea(first.area, d);
    expect(second.area).toMatchObject({ status: 'complete', failed: 0, done: first.area.total });
    expect(d.requested.slice(before)).toEqual(['https://tiles.example.com/14/3089/6572.png']);
  });

  it('keeps a cancelled area as partial', async () => {
    const d = deps();
    const { area: saved, result } = await downloadArea(area(WEST), d, { signal: AbortSignal.abort() });
    expect(result.stopped).toBe('cancelled');
    expect(saved.status).toBe('partial');
    expect(await listSavedAreas(d)).toHaveLength(1);
  });

  it('removes an area with the files no other area covers', async () => {
    const d = deps();
    const west = (await downloadArea(area(WEST, 'West'), d)).area;
    const east = (await downloadArea(area(EAST, 'East'), d)).area;
    const shared = [...areaUrls(west)].filter((url) => new Set(areaUrls(east)).has(url));
    // The style files and the tiles along the common edge.
    expect(shared.length).toBeGreaterThan(3);

    await removeSavedArea(west.id, d);
    expect((await listSavedAreas(d)).map((a) => a.name)).toEqual(['East']);
    expect([...d.cache.entries.keys()].sort()).toEqual([...areaUrls(east)].sort());

    await removeSavedArea(east.id, d);
    expect(await listSavedAreas(d)).toEqual([]);
    expect(d.cache.entries.size).toBe(0);
    // Removing what is gone already is harmless.
    await removeSavedArea(east.id, d);
  });
});
