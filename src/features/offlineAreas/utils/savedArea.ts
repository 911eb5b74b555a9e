/**
 * A map area saved for offline use, and the addresses of every file it keeps. The addresses are
 * derived again from the record (never stored one by one), so a record stays small whatever the
 * area's size. Pure.
 */
import { type BBox, listTiles, sourceZoomRange } from '#src/domain/tileMath.ts';
import type { StyleTileSource } from './mapStyleResources.ts';
import { tileUrl } from './tileUrls.ts';

/** The part of the map in view when the dialog was opened. */
export interface AreaView {
  bbox: BBox;
  zoom: number;
}

export type SavedAreaStatus = 'downloading' | 'complete' | 'partial';

export interface SavedArea {
  id: string;
  name: string;
  bbox: BBox;
  /** Map zooms the area is saved for (whole zooms). */
  minZoom: number;
  maxZoom: number;
  styleUrl: string;
  /** Screen density the tiles were chosen for (`@2x` tiles and sprites above 1). */
  pixelRatio: number;
  sources: StyleTileSource[];
  /** Style, TileJSON, sprite, glyph and GeoJSON files. */
  files: string[];
  /** Files and tiles to fetch in all. */
  total: number;
  /** Files and tiles fetched or found already saved. */
  done: number;
  /** Files and tiles that could not be fetched (network or server errors). */
  failed: number;
  bytes: number;
  createdAt: string;
  status: SavedAreaStatus;
}

/** Every address the area keeps: its style files first, then its tiles from the lowest zoom. */
export function* areaUrls(
  area: Pick<SavedArea, 'files' | 'sources' | 'bbox' | 'minZoom' | 'maxZoom' | 'pixelRatio'>,
): Generator<string> {
  yield* area.files;
  for (const source of area.sources) {
    const range = sourceZoomRange(source, area.minZoom, area.maxZoom);
    if (!range) continue;
    for (const tile of listTiles(area.bbox, range[0], range[1])) {
      yield tileUrl(source.templates, tile, { scheme: source.scheme, pixelRatio: area.pixelRatio });
    }
  }
}

/**
 * The addresses only this area keeps: what removing it may delete. Files another saved area also
 * covers stay.
 */
export function urlsOnlyIn(area: SavedArea, others: readonly SavedArea[]): string[] {
  const kept = new Set<string>();
  for (const other of others) {
    if (other.id === area.id) continue;
    for (const url of areaUrls(other)) kept.add(url);
  }
  const own = new Set<string>();
  for (const url of areaUrls(area)) if (!kept.has(url)) own.add(url);
  return [...own];
}
