/**
 * A region's outline (GeoJSON Polygon or MultiPolygon, [lng, lat] positions): whether it is one a
 * region may have, whether a point lies in it, and how the map draws it. The device checks a
 * drawn outline before it queues the save; the server checks it again and places contacts with it.
 */
import turfArea from '@turf/area';
import turfBbox from '@turf/bbox';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import turfKinks from '@turf/kinks';

/** SPEC section 9: region polygon styles. */
export const REGION_STYLE = {
  stroke: '#F1F9FE',
  strokeOpacity: 0.6,
  strokeWeight: 2,
  /** The fill of the viewer's own regions, and the first preset colour. */
  fillMine: '#21A1D6',
  /** The fill of other regions, and the second preset colour. */
  fillOther: '#88D1F1',
  fillOpacity: 0.3,
} as const;

/** The spec's two fills, offered as a region's colour presets. */
export const REGION_FILLS = [REGION_STYLE.fillMine, REGION_STYLE.fillOther] as const;

/**
 * Vertices an outline may have in all. The self-intersection test compares every pair of edges,
 * so the bound keeps it well under a millisecond per check on either side.
 */
export const MAX_REGION_VERTICES = 1000;

export type Position = [lng: number, lat: number];
export type RegionGeometry =
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

export const REGION_GEOMETRY_PROBLEMS = [
  'notPolygon',
  'tooFewPoints',
  'notClosed',
  'outOfRange',
  'tooManyPoints',
  'selfIntersecting',
  'noArea',
] as const;
export type RegionGeometryProblem = (typeof REGION_GEOMETRY_PROBLEMS)[number];

/** What the server answers for each problem (the app shows its own translated words). */
export const REGION_GEOMETRY_MESSAGES: Record<RegionGeometryProblem, string> = {
  notPolygon: 'must be a GeoJSON Polygon or MultiPolygon of [longitude, latitude] positions',
  tooFewPoints: 'needs at least 3 different points',
  notClosed: 'must end where it starts (a closed ring)',
  outOfRange: 'has a point outside longitude -180 to 180 or latitude -90 to 90',
  tooManyPoints: `may have at most ${MAX_REGION_VERTICES} points`,
  selfIntersecting: 'crosses itself; draw the outline without crossing lines',
  noArea: 'encloses no area',
};

const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) &&
  p.length >= 2 &&
  p.length <= 3 &&
  p.every((n) => typeof n === 'number' && Number.isFinite(n));

const samePosition = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** The rings of each polygon, when the value has the shape of a Polygon or MultiPolygon. */
function polygonsOf(geometry: unknown): Position[][][] | undefined {
  if (!geometry || typeof geometry !== 'object' || Array.isArray(geometry)) return undefined;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  const isRings = (rings: unknown): rings is Position[][] =>
    Array.isArray(rings) &&
    rings.length > 0 &&
    rings.every((ring) => Array.isArray(ring) && ring.every(isPosition));
  if (type === 'Polygon') return isRings(coordinates) ? [coordinates] : undefined;
  if (type === 'MultiPolygon' && Array.isArray(coordinates) && coordinates.length > 0)
    return coordinates.every(isRings) ? (coordinates as Position[][][]) : undefined;
  return undefined;
}

/** A ring without repeated consecutive points (a double click may add one), still closed. */
function withoutRepeats(ring: Position[]): Position[] {
  return ring.filter((p, i) => i === 0 || !samePosition(p, ring[i - 1] as Position));
}

/** Why this outline cannot be a region's, or undefined when it can. */
export function regionGeometryProblem(geometry: unknown): RegionGeometryProblem | undefined {
  const polygons = polygonsOf(geometry);
  if (!polygons) return 'notPolygon';
  const rings = polygons.flat();
  for (const ring of rings) {
    if (new Set(ring.map((p) => `${p[0]},${p[1]}`)).size < 3) return 'tooFewPoints';
  }
  for (const ring of rings) {
    if (!samePosition(ring[0] as Position, ring.at(-1) as Position)) return 'notClosed';
  }
  if (rings.some((ring) => ring.some(([lng, lat]) => Math.abs(lng) > 180 || Math.abs(lat) > 90)))
    return 'outOfRange';
  if (rings.reduce((n, ring) => n + ring.length, 0) > MAX_REGION_VERTICES) return 'tooManyPoints';
  const clean = polygons.map((rs) => rs.map(withoutRepeats));
  const shape = { type: 'MultiPolygon', coordinates: clean } as const;
  if (turfKinks(shape as GeoJSON.MultiPolygon).features.length > 0) return 'selfIntersecting';
  if (turfArea(shape as GeoJSON.MultiPolygon) <= 0) return 'noArea';
  return undefined;
}

/** The outline as a region geometry, or undefined when it is not one a region may have. */
export function asRegionGeometry(geometry: unknown): RegionGeometry | undefined {
  return regionGeometryProblem(geometry) ? undefined : (geometry as RegionGeometry);
}

/** Whether the point lies in the outline (its edge counts as inside). */
export function pointInRegion(lng: number, lat: number, geometry: RegionGeometry): boolean {
  return booleanPointInPolygon([lng, lat], geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon);
}

/** The outline's bounding box: [west, south, east, north]. */
export function regionBounds(geometry: RegionGeometry): [number, number, number, number] {
  const [west, south, east, north] = turfBbox(geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon);
  return [west, south, east, north];
}

/** The outline's area in square metres. */
export function regionArea(geometry: RegionGeometry): number {
  return turfArea(geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon);
}

export interface PlacedRegion {
  id: string;
  geometry: RegionGeometry;
}

/**
 * Regions in the order a point is placed in them when several contain it: the smallest first (a
 * region drawn inside a larger one is the more precise answer), then by id, so every run agrees.
 */
export function placementOrder<T extends PlacedRegion>(regions: T[]): T[] {
  return regions
    .map((region) => ({ region, area: regionArea(region.geometry) }))
    .sort((a, b) => a.area - b.area || (a.region.id < b.region.id ? -1 : a.region.id > b.region.id ? 1 : 0))
    .map((x) => x.region);
}

/** The first region (in `placementOrder`) containing the point, or undefined. */
export function regionContaining<T extends PlacedRegion>(
  ordered: T[],
  lng: number,
  lat: number,
): T | undefined {
  return ordered.find((region) => pointInRegion(lng, lat, region.geometry));
}
