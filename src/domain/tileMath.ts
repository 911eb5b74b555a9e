/**
 * Web Mercator tile math for saving a map area for offline use: which tiles (z/x/y) cover a
 * bounding box between two zoom levels, how many there are and roughly how much they weigh.
 * Pure: no browser APIs, so the app and its tests share one definition.
 */

/** [west, south, east, north] in degrees. West > east means the box crosses the antimeridian. */
export type BBox = readonly [west: number, south: number, east: number, north: number];

export interface TileId {
  z: number;
  x: number;
  y: number;
}

/** Inclusive ranges of tile columns and rows at one zoom. */
export interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Web Mercator stops here; tiles cover nothing beyond. */
export const MAX_MERCATOR_LAT = 85.0511287798066;
/** The deepest zoom tile servers publish (MapLibre's own limit is 24). */
export const MAX_TILE_ZOOM = 24;
/** An area larger than this is refused: the download would take too long and fill the device. */
export const MAX_AREA_TILES = 20_000;
/**
 * Size assumed for a tile before any has been measured on this device: typical street-level
 * vector tiles and 256 px raster PNG/JPEG tiles weigh 10–50 KB.
 */
export const DEFAULT_TILE_BYTES = 25 * 1024;

export type AreaProblem =
  | { kind: 'invalidArea' }
  | { kind: 'invalidZoom' }
  | { kind: 'tooManyTiles'; count: number; max: number };

const isLon = (v: number) => Number.isFinite(v);
const isLat = (v: number) => Number.isFinite(v) && v >= -90 && v <= 90;

/**
 * The box as one or two boxes within [-180, 180] (two when it crosses the antimeridian), with
 * latitudes clamped to what Web Mercator shows; undefined when it is not a box at all.
 * A map's bounds may run past ±180° when the world wraps; they are folded back here.
 */
export function normaliseBBox(bbox: BBox): BBox[] | undefined {
  const [west, south, east, north] = bbox;
  if (!isLon(west) || !isLon(east) || !isLat(south) || !isLat(north) || south > north) return undefined;
  const s = Math.max(south, -MAX_MERCATOR_LAT);
  const n = Math.min(north, MAX_MERCATOR_LAT);
  if (s > n) return undefined;
  if (west <= east && east - west >= 360) return [[-180, s, 180, n]];
  const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
  const w = wrap(west);
  // An east edge of exactly +180 must stay +180, not fold to -180.
  const e = east === 180 || (east > west && wrap(east) === -180) ? 180 : wrap(east);
  if (w <= e) return [[w, s, e, n]];
  return [
    [w, s, 180, n],
    [-180, s, e, n],
  ];
}

function lonToTileX(lon: number, z: number): number {
  return ((lon + 180) / 360) * 2 ** z;
}

function latToTileY(lat: number, z: number): number {
  const rad = (lat * Math.PI) / 180;
  return ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z;
}

/** Rounding slack, in tiles: an edge computed a hair off a tile boundary still lies on it. */
const EDGE = 1e-9;

/** A tile counts when the box overlaps its inside; a box edge lying on a tile edge does not pull in the neighbour. */
function span(from: number, to: number, z: number): [number, number] {
  const last = 2 ** z - 1;
  const min = Math.min(last, Math.max(0, Math.floor(from + EDGE)));
  const max = Math.min(last, Math.max(min, Math.ceil(to - EDGE) - 1));
  return [min, max];
}

/** The tile ranges covering a box at one zoom (two ranges across the antimeridian). */
export function tileRanges(bbox: BBox, z: number): TileRange[] {
  const boxes = normaliseBBox(bbox);
  if (!boxes || !validZoom(z)) return [];
  return boxes.map(([w, s, e, n]) => {
    const [minX, maxX] = span(lonToTileX(w, z), lonToTileX(e, z), z);
    const [minY, maxY] = span(latToTileY(n, z), latToTileY(s, z), z);
    return { z, minX, maxX, minY, maxY };
  });
}

function validZoom(z: number): boolean {
  return Number.isInteger(z) && z >= 0 && z <= MAX_TILE_ZOOM;
}

/** How many tiles cover the box at every zoom from minZoom to maxZoom, without listing them. */
export function countTiles(bbox: BBox, minZoom: number, maxZoom: number): number {
  if (!validZoom(minZoom) || !validZoom(maxZoom) || minZoom > maxZoom) return 0;
  let count = 0;
  for (let z = minZoom; z <= maxZoom; z++) {
    for (const r of tileRanges(bbox, z)) count += (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1);
  }
  return count;
}

/** Every tile covering the box from minZoom to maxZoom, lowest zoom first. */
export function* listTiles(bbox: BBox, minZoom: number, maxZoom: number): Generator<TileId> {
  if (!validZoom(minZoom) || !validZoom(maxZoom) || minZoom > maxZoom) return;
  for (let z = minZoom; z <= maxZoom; z++) {
    for (const r of tileRanges(bbox, z)) {
      for (let x = r.minX; x <= r.maxX; x++) {
        for (let y = r.minY; y <= r.maxY; y++) yield { z, x, y };
      }
    }
  }
}

/**
 * One tile source of a map style, as far as tile coverage is concerned. A source with 256 px tiles
 * is drawn one zoom deeper than the map's zoom (MapLibre's zoom is in 512 px tiles).
 */
export interface TileSourceZooms {
  tileSize: number;
  minzoom: number;
  maxzoom: number;
}

/** The tile zooms a source needs so the map can be shown from mapMinZoom to mapMaxZoom. */
export function sourceZoomRange(
  source: TileSourceZooms,
  mapMinZoom: number,
  mapMaxZoom: number,
): [number, number] | undefined {
  const offset = Math.max(0, Math.round(Math.log2(512 / source.tileSize)));
  const from = Math.max(source.minzoom, Math.floor(mapMinZoom) + offset);
  // Past its maxzoom MapLibre stretches the deepest tiles, so none deeper are needed.
  const to = Math.min(source.maxzoom, Math.floor(mapMaxZoom) + offset, MAX_TILE_ZOOM);
  return from <= to ? [from, to] : undefined;
}

export interface AreaPlan {
  /** Tiles to fetch, over every source and zoom. */
  tiles: number;
  /** Estimated download size in bytes. */
  bytes: number;
  problem: AreaProblem | undefined;
}

/**
 * What saving an area would take: the tiles of every source from the map's current zoom down to
 * maxZoom, and their size at averageTileBytes each. Refused (problem set) when the box or zooms
 * are not valid or the tiles exceed maxTiles.
 */
export function planArea(
  bbox: BBox,
  mapZoom: number,
  maxZoom: number,
  sources: readonly TileSourceZooms[],
  averageTileBytes: number = DEFAULT_TILE_BYTES,
  maxTiles: number = MAX_AREA_TILES,
): AreaPlan {
  if (!normaliseBBox(bbox)) return { tiles: 0, bytes: 0, problem: { kind: 'invalidArea' } };
  if (!Number.isFinite(mapZoom) || mapZoom < 0 || !validZoom(maxZoom) || maxZoom < Math.floor(mapZoom)) {
    return { tiles: 0, bytes: 0, problem: { kind: 'invalidZoom' } };
  }
  let tiles = 0;
  for (const source of sources) {
    const range = sourceZoomRange(source, mapZoom, maxZoom);
    if (range) tiles += countTiles(bbox, range[0], range[1]);
  }
  const perTile =
    Number.isFinite(averageTileBytes) && averageTileBytes > 0 ? averageTileBytes : DEFAULT_TILE_BYTES;
  const bytes = Math.round(tiles * perTile);
  const problem: AreaProblem | undefined =
    tiles > maxTiles ? { kind: 'tooManyTiles', count: tiles, max: maxTiles } : undefined;
  return { tiles, bytes, problem };
}

/**
 * The max zoom choices offered for an area seen at mapZoom: the next four zooms, never past the
 * style's deepest zoom. The first choice is the current zoom itself (whole) when nothing deeper exists.
 */
export function maxZoomChoices(mapZoom: number, styleMaxZoom: number): number[] {
  if (!Number.isFinite(mapZoom) || !Number.isFinite(styleMaxZoom)) return [];
  const from = Math.max(0, Math.floor(mapZoom));
  const to = Math.min(from + 4, Math.floor(styleMaxZoom), MAX_TILE_ZOOM);
  const choices: number[] = [];
  for (let z = from; z <= to; z++) choices.push(z);
  return choices;
}

/** The default choice: street level (16) when offered, else the deepest offered. */
export const DEFAULT_SAVE_MAX_ZOOM = 16;
export function defaultMaxZoom(choices: readonly number[]): number | undefined {
  if (choices.includes(DEFAULT_SAVE_MAX_ZOOM)) return DEFAULT_SAVE_MAX_ZOOM;
  const below = choices.filter((z) => z <= DEFAULT_SAVE_MAX_ZOOM);
  return below.length ? below[below.length - 1] : choices[0];
}
