/**
 * A turf's outline: one GeoJSON Polygon ([lng, lat] positions) that is a valid outline by the
 * region rule (closed, at least three points, within range, not crossing itself, with an area;
 * src/domain/regionGeometry.ts) and lies over its region: a turf that shares no ground with its
 * region is refused. The device checks a turf before it is sent; the server checks it again, with
 * the region it has, and places contacts with it.
 */
import {
  asRegionGeometry,
  type Position,
  REGION_GEOMETRY_MESSAGES,
  type RegionGeometry,
  type RegionGeometryProblem,
  regionBounds,
  regionGeometryProblem,
} from './regionGeometry.ts';

export type TurfPolygon = Extract<RegionGeometry, { type: 'Polygon' }>;

export type TurfGeometryProblem = RegionGeometryProblem | 'notOneShape' | 'outsideRegion';

/** What the server answers for each problem (the app shows its own translated words). */
export const TURF_GEOMETRY_MESSAGES: Record<TurfGeometryProblem, string> = {
  ...REGION_GEOMETRY_MESSAGES,
  notPolygon: 'must be a GeoJSON Polygon of [longitude, latitude] positions',
  notOneShape: 'must be one closed shape (a Polygon), not several',
  outsideRegion: 'lies outside its region; draw the turf over the region it belongs to',
};

/** Why this outline cannot be a turf's on its own (whatever its region), or undefined. */
export function turfShapeProblem(geometry: unknown): TurfGeometryProblem | undefined {
  const problem = regionGeometryProblem(geometry);
  if (problem) return problem;
  return (geometry as RegionGeometry).type === 'Polygon' ? undefined : 'notOneShape';
}

/**
 * Why this outline cannot be a turf of a region with outline `region`, or undefined when it can.
 * A region without a (valid) outline is drawn by hand only, so any valid shape may be its turf.
 */
export function turfGeometryProblem(geometry: unknown, region: unknown): TurfGeometryProblem | undefined {
  const problem = turfShapeProblem(geometry);
  if (problem) return problem;
  const outline = asRegionGeometry(region);
  if (!outline) return undefined;
  return overlaps(geometry as TurfPolygon, outline) ? undefined : 'outsideRegion';
}

/** The outline as a turf polygon, or undefined when it cannot be one. */
export function asTurfPolygon(geometry: unknown): TurfPolygon | undefined {
  return turfShapeProblem(geometry) ? undefined : (geometry as TurfPolygon);
}

type Box = [number, number, number, number];

const boxesMeet = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** Whether point p lies inside the rings (even–odd: holes are outside), edges not counted. */
function insideRings(p: Position, rings: Position[][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as Position;
      const [xj, yj] = ring[j] as Position;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

const cross = (o: Position, a: Position, b: Position) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Whether segments ab and cd cross or touch. */
function segmentsMeet(a: Position, b: Position, c: Position, d: Position): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const onSegment = (p: Position, q: Position, r: Position) =>
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1]);
  return (
    (d1 === 0 && onSegment(c, d, a)) ||
    (d2 === 0 && onSegment(c, d, b)) ||
    (d3 === 0 && onSegment(a, b, c)) ||
    (d4 === 0 && onSegment(a, b, d))
  );
}

/** The polygons of an outline, each as its rings. */
const polygonsOf = (geometry: RegionGeometry): Position[][][] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

/**
 * Whether the turf and the region share ground: an edge of one crosses an edge of the other, or
 * one lies inside the other (a corner of it inside). Touching along an edge counts.
 */
export function overlaps(turf: TurfPolygon, region: RegionGeometry): boolean {
  if (!boxesMeet(regionBounds(turf), regionBounds(region))) return false;
  const turfRings = turf.coordinates;
  for (const rings of polygonsOf(region)) {
    if (insideRings(turfRings[0]?.[0] as Position, rings)) return true;
    if (insideRings(rings[0]?.[0] as Position, turfRings)) return true;
    for (const a of turfRings) {
      for (let i = 1; i < a.length; i++) {
        for (const b of rings) {
          for (let j = 1; j < b.length; j++) {
            if (segmentsMeet(a[i - 1] as Position, a[i] as Position, b[j - 1] as Position, b[j] as Position))
              return true;
          }
        }
      }
    }
  }
  return false;
}
