/**
 * The area a person draws around pins on the lead map (a lasso), and which pins lie in it. Pure,
 * and free of React, so the pin worker asks it too.
 */
import { type Position, pointInRegion } from '#src/domain/regionGeometry.ts';

/** A drawn area: one ring of [lng, lat] positions, closed. */
export interface LassoArea {
  type: 'Polygon';
  coordinates: Position[][];
}

/** Where a pin stands (no position: it is on no map and in no area). */
export interface PinSpot {
  _id: string;
  lng: number | null;
  lat: number | null;
}

const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/**
 * The drawing as an area, when it is one: a polygon whose outer ring has at least three different
 * points (closed here if the drawing left it open). Anything else (a tap, a line) is no area.
 */
export function lassoAreaOf(geometry: unknown): LassoArea | undefined {
  const { type, coordinates } = (geometry ?? {}) as { type?: unknown; coordinates?: unknown };
  if (type !== 'Polygon' || !Array.isArray(coordinates)) return undefined;
  const ring = coordinates[0];
  if (!Array.isArray(ring) || !ring.every(isPosition)) return undefined;
  const points = ring.map(([lng, lat]) => [lng, lat] as Position);
  if (new Set(points.map((p) => `${p[0]},${p[1]}`)).size < 3) return undefined;
  const [first] = points as [Position];
  const last = points.at(-1) as Position;
  if (first[0] !== last[0] || first[1] !== last[1]) points.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [points] };
}

/**
 * The ids of the pins inside the area, in the order given; a pin on its edge counts as inside, a
 * pin without a position is left out. A loop that crosses itself counts what it encloses an odd
 * number of times, as a hand-drawn lasso is read.
 */
export function pinsInArea(pins: Iterable<PinSpot>, area: LassoArea): string[] {
  const ring = area.coordinates[0] ?? [];
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  for (const [lng, lat] of ring) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const inside: string[] = [];
  for (const pin of pins) {
    const { lng, lat } = pin;
    if (lng === null || lat === null || lng < west || lng > east || lat < south || lat > north) continue;
    if (pointInRegion(lng, lat, area)) inside.push(pin._id);
  }
  return inside;
}
