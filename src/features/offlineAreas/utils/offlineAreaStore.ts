/**
 * The saved areas of this device: their records (idb-keyval, a small database of their own) and
 * their files (the Cache API store the service worker reads first). Areas belong to the device,
 * not to a user: map tiles hold no one's data.
 */
import { createStore, del, get, set, type UseStore, values } from 'idb-keyval';
import { v7 as uuidv7 } from 'uuid';
import { isTilePath, SAVED_MAP_CACHE, VIEWED_MAP_CACHE } from '#src/domain/mapCaches.ts';
import { type BBox, countTiles, DEFAULT_TILE_BYTES, sourceZoomRange } from '#src/domain/tileMath.ts';
import { archiveAreaKeys, archiveUrlOf, downloadArchiveArea } from './archiveArea.ts';
import {
  type DownloadProgress,
  type DownloadResult,
  downloadFiles,
  type FileCache,
} from './downloadFiles.ts';
import type { StyleResources } from './mapStyleResources.ts';
import { areaUrls, type SavedArea, urlsOnlyIn } from './savedArea.ts';

export interface AreaStoreDeps {
  records: UseStore;
  /** The Cache API store of saved files. */
  openCache: () => Promise<FileCache & { delete(request: string): Promise<boolean> }>;
  fetch?: typeof fetch;
}

let defaultRecords: UseStore | undefined;
/** The device's store, opened on first use (IndexedDB is not touched when the module loads). */
export function deviceAreaStore(): AreaStoreDeps {
  defaultRecords ??= createStore('hs-offline-areas', 'areas');
  return { records: defaultRecords, openCache: () => caches.open(SAVED_MAP_CACHE) };
}

export async function listSavedAreas(deps: AreaStoreDeps): Promise<SavedArea[]> {
  const areas = await values<SavedArea>(deps.records);
  return areas.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export interface NewArea {
  name: string;
  bbox: BBox;
  mapZoom: number;
  maxZoom: number;
  styleUrl: string;
  pixelRatio: number;
  resources: StyleResources;
}

/** The record of a new area, before anything is downloaded. */
export function newSavedArea(input: NewArea, now: Date = new Date()): SavedArea {
  const minZoom = Math.floor(input.mapZoom);
  let tiles = 0;
  for (const source of input.resources.sources) {
    const range = sourceZoomRange(source, minZoom, input.maxZoom);
    if (range) tiles += countTiles(input.bbox, range[0], range[1]);
  }
  return {
    id: uuidv7(),
    name: input.name.trim(),
    bbox: input.bbox,
    minZoom,
    maxZoom: input.maxZoom,
    styleUrl: input.styleUrl,
    pixelRatio: input.pixelRatio,
    sources: input.resources.sources,
    files: input.resources.files,
    total: input.resources.files.length + tiles,
    done: 0,
    failed: 0,
    bytes: 0,
    createdAt: now.toISOString(),
    status: 'partial',
  };
}

/**
 * Downloads (or resumes) an area's files. The record is kept as 'partial' while it runs, so an
 * area whose download was cut short (tab closed, cancelled, out of room) can be resumed; it turns
 * 'complete' once every file is saved.
 */
export async function downloadArea(
  area: SavedArea,
  deps: AreaStoreDeps,
  options: {
    signal?: AbortSignal;
    onProgress?: (progress: DownloadProgress) => void;
    /** Called once the area's record is kept, before the first file is fetched. */
    onStarted?: () => void;
  } = {},
): Promise<{ area: SavedArea; result: DownloadResult }> {
  await set(area.id, { ...area, status: 'partial' }, deps.records);
  options.onStarted?.();
  const cache = await deps.openCache();
  const download = { cache, fetch: deps.fetch, signal: options.signal, onProgress: options.onProgress };
  // The org's PMTiles archive is saved as the byte ranges the map reads; a style's files by URL.
  const result = archiveUrlOf(area.styleUrl)
    ? await downloadArchiveArea(area, download)
    : await downloadFiles(areaUrls(area), area.total, download);
  const finished: SavedArea = {
    ...area,
    done: result.done,
    failed: result.failed,
    bytes: result.bytes,
    status: !result.stopped && result.failed === 0 && result.done === area.total ? 'complete' : 'partial',
  };
  await set(area.id, finished, deps.records);
  return { area: finished, result };
}

/** Removes an area and the files no other saved area covers. */
export async function removeSavedArea(id: string, deps: AreaStoreDeps): Promise<void> {
  const area = await get<SavedArea>(id, deps.records);
  if (!area) return;
  const others = (await values<SavedArea>(deps.records)).filter((a) => a.id !== id);
  const cache = await deps.openCache();
  // The record goes last: if this stops halfway, the area is still listed and can be removed again.
  if (archiveUrlOf(area.styleUrl)) {
    const kept = new Set<string>();
    for (const other of others) {
      if (other.styleUrl === area.styleUrl)
        for (const key of await archiveAreaKeys(other, cache)) kept.add(key);
    }
    for (const key of await archiveAreaKeys(area, cache)) if (!kept.has(key)) await cache.delete(key);
  } else {
    for (const url of urlsOnlyIn(area, others)) await cache.delete(url);
  }
  await del(id, deps.records);
}

/**
 * The average size of one tile on this device: from completed saved areas when there are some
 * (the most tiles measured), else from a sample of the tiles cached while viewing the map, else
 * DEFAULT_TILE_BYTES.
 */
export async function averageTileBytes(deps: AreaStoreDeps, sample = 40): Promise<number> {
  const complete = (await listSavedAreas(deps)).filter((a) => a.status === 'complete' && a.done > 0);
  const done = complete.reduce((n, a) => n + a.done, 0);
  if (done > 0) return complete.reduce((n, a) => n + a.bytes, 0) / done;
  if (typeof caches === 'undefined') return DEFAULT_TILE_BYTES;
  const viewed = await caches.open(VIEWED_MAP_CACHE);
  const tiles = (await viewed.keys()).filter((r) => isTilePath(new URL(r.url).pathname)).slice(-sample);
  let bytes = 0;
  let counted = 0;
  for (const request of tiles) {
    const response = await viewed.match(request);
    if (!response) continue;
    bytes += (await response.blob()).size;
    counted++;
  }
  return counted ? bytes / counted : DEFAULT_TILE_BYTES;
}

/** Reads a JSON map file (style, TileJSON) from its server. */
export async function fetchMapJson(url: string): Promise<unknown> {
  const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
  return response.json();
}
