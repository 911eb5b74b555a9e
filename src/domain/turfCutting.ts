/**
 * Cutting a region into turfs: one turf per rep, each one connected outline inside the region
 * holding its doors, every door of the region in exactly one turf, a door locked to a rep in that
 * rep's turf, and the turfs' weights (a door counts one, or its expected value) within ±10% of
 * their mean when the doors allow it; when they do not, the cut says why (`issues`). Runs in a
 * worker on the device (src/features/regions/turfs/turfCutWorker.ts); the balance check and the
 * outline check are the ones the server applies when turfs are assigned.
 *
 * How: doors at one spot are one place; places neighbour each other through the Delaunay
 * triangulation (turfCuttingGraph.ts); they are shared out by recursive weighted bisection with
 * moves across each cut (turfCuttingPartition.ts); a turf's outline is the union of its places'
 * Voronoi cells (turfCuttingOutline.ts) clipped to the region.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { intersection } from 'martinez-polygon-clipping';
import {
  type Position,
  pointInRegion,
  type RegionGeometry,
  type RegionGeometryProblem,
  regionBounds,
  regionGeometryProblem,
} from './regionGeometry.ts';
import { type Places, placeGraph, triangulate } from './turfCuttingGraph.ts';
import { type PlanePolygon, straightCorners, turfCellOutlines } from './turfCuttingOutline.ts';
import { partitionPlaces } from './turfCuttingPartition.ts';

/** How far a turf's weight may stray from the mean weight, as a share of it. */
export const TURF_BALANCE_BOUND = 0.1;

export interface TurfDoor {
  id: string;
  lat: number;
  lng: number;
  /** What the door counts for when turfs are balanced: 1, or its expected value (not negative). */
  weight: number;
  /** The rep whose turf must hold this door. */
  lockedTo?: string | undefined;
}

export interface TurfCutInput {
  region: RegionGeometry;
  doors: TurfDoor[];
  /** One turf per rep, in this order. */
  reps: string[];
  /** Another cut of the same doors: turns the cuts a little and deals the turfs out in another order. */
  seed?: number | undefined;
}

type OutlinePolygon = Extract<RegionGeometry, { type: 'Polygon' }>;

export interface CutTurf {
  repId: string;
  /** The turf's outline, inside the region; null for a turf with no doors. */
  polygon: OutlinePolygon | null;
  doorIds: string[];
  weight: number;
}

export interface TurfBalance {
  mean: number;
  /** The largest distance of a turf's weight from the mean, as a share of the mean. */
  maxDeviation: number;
  withinBound: boolean;
}

/** Why a cut is not all it should be, with the doors or rep concerned. */
export type TurfCutIssue =
  | { kind: 'noReps' }
  | { kind: 'invalidRegion'; problem: RegionGeometryProblem }
  /** Doors with no usable position or weight, or an id met before: left out. */
  | { kind: 'invalidDoors'; doorIds: string[] }
  | { kind: 'doorsOutsideRegion'; doorIds: string[] }
  /** Locked to a rep who gets no turf here: cut as unlocked (their owner does not change by it). */
  | { kind: 'lockedToAbsentRep'; doorIds: string[] }
  /** Doors at one spot locked to different reps: all of them follow the first lock met there. */
  | { kind: 'conflictingLocks'; doorIds: string[] }
  /** Fewer spots with doors than reps: some turfs are empty. */
  | { kind: 'fewerPlacesThanReps' }
  /** The doors locked to this rep alone weigh more than a turf may. */
  | { kind: 'lockedWeightTooHigh'; repId: string; weight: number }
  /** Doors whose spot alone weighs more than the bound lets a turf vary. */
  | { kind: 'heavyDoors'; doorIds: string[] }
  /** The rep's locked doors lie where one connected turf cannot join them. */
  | { kind: 'locksApart'; repId: string }
  /** No move of border doors evens the turfs out further while keeping each one connected. */
  | { kind: 'unbalanced' }
  /** The turf's outline falls apart or misses some of its doors (listed). */
  | { kind: 'outlineMissesDoors'; repId: string; doorIds: string[] };

export interface TurfCut {
  turfs: CutTurf[];
  balance: TurfBalance;
  issues: TurfCutIssue[];
}

/** The mean weight of the turfs, how far the farthest strays from it, and whether that is within the bound. */
export function turfBalance(turfs: { weight: number }[]): TurfBalance {
  if (turfs.length === 0) return { mean: 0, maxDeviation: 0, withinBound: true };
  const mean = turfs.reduce((sum, turf) => sum + turf.weight, 0) / turfs.length;
  const maxDeviation = mean > 0 ? Math.max(...turfs.map((turf) => Math.abs(turf.weight - mean))) / mean : 0;
  return { mean, maxDeviation, withinBound: maxDeviation <= TURF_BALANCE_BOUND + 1e-9 };
}

/**
 * Whether the outline can be a turf's: one GeoJSON Polygon that is closed, has at least three
 * different points and does not cross itself (the region outline rule, regionGeometry.ts).
 */
export function validTurfPolygon(polygon: unknown): polygon is OutlinePolygon {
  return (
    typeof polygon === 'object' &&
    polygon !== null &&
    (polygon as { type?: unknown }).type === 'Polygon' &&
    regionGeometryProblem(polygon) === undefined
  );
}

/** A small seeded random number source (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A plane for the region: x east and y north, both in degrees of latitude. */
function planeOf(region: RegionGeometry) {
  const [west, south, east, north] = regionBounds(region);
  const lng0 = (west + east) / 2;
  const lat0 = (south + north) / 2;
  const kx = Math.cos((lat0 * Math.PI) / 180);
  return {
    x: (lng: number) => (lng - lng0) * kx,
    y: (lat: number) => lat - lat0,
    position: (x: number, y: number): Position => [x / kx + lng0, y + lat0],
    box: [(west - lng0) * kx, south - lat0, (east - lng0) * kx, north - lat0] as [
      number,
      number,
      number,
      number,
    ],
  };
}

const ringsOf = (region: RegionGeometry): Position[][] =>
  region.type === 'Polygon' ? region.coordinates : region.coordinates.flat();

interface Place {
  doors: number[];
  lock: number;
}

/** The doors that can be cut, grouped by spot, and what is wrong with the others. */
function placesOf(input: TurfCutInput, repIndex: Map<string, number>, issues: TurfCutIssue[]) {
  const invalid: string[] = [];
  const outside: string[] = [];
  const absent: string[] = [];
  const conflicting: string[] = [];
  const seen = new Set<string>();
  const rings = ringsOf(input.region);
  const inRegion = (door: TurfDoor) =>
    holdsEvenOdd(rings, door.lng, door.lat) || pointInRegion(door.lng, door.lat, input.region);
  const bySpot = new Map<string, Place>();
  input.doors.forEach((door, i) => {
    const usable =
      typeof door.id === 'string' &&
      !seen.has(door.id) &&
      Number.isFinite(door.lat) &&
      Number.isFinite(door.lng) &&
      Number.isFinite(door.weight) &&
      door.weight >= 0;
    if (!usable) {
      invalid.push(String(door.id));
      return;
    }
    seen.add(door.id);
    if (!inRegion(door)) {
      outside.push(door.id);
      return;
    }
    let lock = -1;
    if (door.lockedTo !== undefined) {
      lock = repIndex.get(door.lockedTo) ?? -1;
      if (lock < 0) absent.push(door.id);
    }
    const spot = `${Math.round(door.lng * 1e9)},${Math.round(door.lat * 1e9)}`;
    const place = bySpot.get(spot);
    if (!place) bySpot.set(spot, { doors: [i], lock });
    else {
      place.doors.push(i);
      if (lock >= 0 && place.lock < 0) place.lock = lock;
      else if (lock >= 0 && lock !== place.lock) conflicting.push(door.id);
    }
  });
  if (invalid.length) issues.push({ kind: 'invalidDoors', doorIds: invalid });
  if (outside.length) issues.push({ kind: 'doorsOutsideRegion', doorIds: outside });
  if (absent.length) issues.push({ kind: 'lockedToAbsentRep', doorIds: absent });
  if (conflicting.length) issues.push({ kind: 'conflictingLocks', doorIds: conflicting });
  return [...bySpot.values()];
}

/** Whether the point lies inside the rings by the even–odd rule (a point on an edge may fall either way). */
function holdsEvenOdd(rings: Position[][], lng: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i] as Position;
      const b = ring[j] as Position;
      const xi = a[0];
      const yi = a[1];
      const xj = b[0];
      const yj = b[1];
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  return inside;
}

/** Whether the door lies in the polygon (its edge counts as inside; the exact rule decides those the quick one leaves out). */
const holds = (rings: Position[][], door: TurfDoor) =>
  holdsEvenOdd(rings, door.lng, door.lat) ||
  booleanPointInPolygon([door.lng, door.lat], { type: 'Polygon', coordinates: rings });

/**
 * The turf's outline: its cells clipped to the region, the piece holding most of its spots (the
 * only piece, for a connected turf; pieces without doors, where the region folds back into a
 * cell, are left out).
 */
function turfPolygon(
  cells: PlanePolygon[],
  position: (x: number, y: number) => Position,
  region: RegionGeometry,
  spots: Place[],
  doors: TurfDoor[],
): { polygon: OutlinePolygon | null; whole: boolean } {
  if (cells.length === 0 || spots.length === 0) return { polygon: null, whole: spots.length === 0 };
  const subject = cells.map((polygon) => polygon.map((ring) => ring.map(([x, y]) => position(x, y))));
  const outline = region.type === 'Polygon' ? [region.coordinates] : region.coordinates;
  const clipped = intersection(subject, outline) as Position[][][] | Position[][] | null;
  if (!clipped || clipped.length === 0) return { polygon: null, whole: false };
  // The result is one polygon's rings or a list of polygons, told apart by depth.
  const pieces =
    typeof clipped[0]?.[0]?.[0] === 'number' ? [clipped as Position[][]] : (clipped as Position[][][]);
  let best = pieces[0] as Position[][];
  if (pieces.length > 1) {
    const count = (piece: Position[][]) =>
      spots.reduce((c, spot) => c + (holds(piece, doors[spot.doors[0] as number] as TurfDoor) ? 1 : 0), 0);
    let most = -1;
    for (const piece of pieces) {
      const c = count(piece);
      if (c > most) [best, most] = [piece, c];
    }
  }
  return { polygon: { type: 'Polygon', coordinates: best }, whole: pieces.length === 1 };
}

/** Cuts the region into one turf per rep (see the file's comment). */
export function cutTurfs(input: TurfCutInput): TurfCut {
  const issues: TurfCutIssue[] = [];
  const reps = [...new Set(input.reps)];
  if (reps.length === 0) return { turfs: [], balance: turfBalance([]), issues: [{ kind: 'noReps' }] };
  const empty = (): CutTurf[] => reps.map((repId) => ({ repId, polygon: null, doorIds: [], weight: 0 }));
  const problem = regionGeometryProblem(input.region);
  if (problem)
    return { turfs: empty(), balance: turfBalance(empty()), issues: [{ kind: 'invalidRegion', problem }] };
  const { region, doors } = input;
  const k = reps.length;
  const plane = planeOf(region);
  const spots = placesOf(input, new Map(reps.map((rep, i) => [rep, i])), issues);
  const n = spots.length;
  const places: Places = {
    n,
    x: new Float64Array(n),
    y: new Float64Array(n),
    w: new Float64Array(n),
    lock: new Int32Array(n),
  };
  let total = 0;
  spots.forEach((spot, p) => {
    const door = doors[spot.doors[0] as number] as TurfDoor;
    places.x[p] = plane.x(door.lng);
    places.y[p] = plane.y(door.lat);
    places.w[p] = spot.doors.reduce((sum, d) => sum + (doors[d] as TurfDoor).weight, 0);
    places.lock[p] = spot.lock;
    total += places.w[p] as number;
  });
  // Doors that all weigh nothing are shared out by count.
  if (total <= 0)
    spots.forEach((spot, p) => {
      places.w[p] = spot.doors.length;
    });
  if (n < k) issues.push({ kind: 'fewerPlacesThanReps' });
  if (n === 0) return { turfs: empty(), balance: turfBalance(empty()), issues };

  const edges: number[] = [];
  for (const ring of ringsOf(region))
    for (let i = 1; i < ring.length; i++) {
      const [lng0, lat0] = ring[i - 1] as Position;
      const [lng1, lat1] = ring[i] as Position;
      edges.push(plane.x(lng0), plane.y(lat0), plane.x(lng1), plane.y(lat1));
    }
  const tri = triangulate(places, plane.box);
  const graph = placeGraph(places, tri, Float64Array.from(edges), plane.box);
  const random = input.seed === undefined ? undefined : seeded(input.seed);
  const { turfOf, locksApart } = partitionPlaces(places, graph, k, random);

  const members: Place[][] = reps.map(() => []);
  spots.forEach((spot, p) => {
    members[turfOf[p] as number]?.push(spot);
  });
  /** Each turf's outline from its cells, and the doors it misses (all checked, or only where the cells fell in pieces). */
  const outline = (cells: PlanePolygon[][], checkAll: boolean) =>
    members.map((mine, turf) => {
      const { polygon, whole } = turfPolygon(cells[turf] ?? [], plane.position, region, mine, doors);
      const missed =
        whole && !checkAll
          ? []
          : mine.flatMap((spot) =>
              spot.doors.filter((d) => !polygon || !holds(polygon.coordinates, doors[d] as TurfDoor)),
            );
      return { polygon, missed, valid: !checkAll || polygon === null || validTurfPolygon(polygon) };
    });
  // Straightened borders when every turf still holds its doors and none crosses itself; else the cells' own.
  const straight = outline(turfCellOutlines(tri, n, turfOf, k, straightCorners(tri, places, turfOf)), true);
  const drawn = straight.every((turf) => turf.valid && turf.missed.length === 0)
    ? straight
    : outline(turfCellOutlines(tri, n, turfOf, k), false);

  const turfs: CutTurf[] = reps.map((repId, turf) => {
    const doorIds: string[] = [];
    let weight = 0;
    for (const spot of members[turf] as Place[])
      for (const d of spot.doors) {
        doorIds.push((doors[d] as TurfDoor).id);
        weight += (doors[d] as TurfDoor).weight;
      }
    const { polygon, missed } = drawn[turf] as (typeof drawn)[number];
    if (missed.length)
      issues.push({
        kind: 'outlineMissesDoors',
        repId,
        doorIds: missed.map((d) => (doors[d] as TurfDoor).id),
      });
    return { repId, polygon, doorIds, weight };
  });

  for (const turf of locksApart) issues.push({ kind: 'locksApart', repId: reps[turf] as string });
  const balance = turfBalance(turfs);
  if (!balance.withinBound && n >= k) issues.push(...whyUnbalanced(places, spots, input, reps, balance));
  return { turfs, balance, issues };
}

/** What keeps the turfs from balancing: too much locked to one rep, heavy spots, or the layout itself. */
function whyUnbalanced(
  places: Places,
  spots: Place[],
  input: TurfCutInput,
  reps: string[],
  balance: TurfBalance,
): TurfCutIssue[] {
  const reasons: TurfCutIssue[] = [];
  const locked = new Float64Array(reps.length);
  spots.forEach((spot, p) => {
    if (spot.lock >= 0) locked[spot.lock] = (locked[spot.lock] as number) + (places.w[p] as number);
  });
  locked.forEach((weight, rep) => {
    if (weight > balance.mean * (1 + TURF_BALANCE_BOUND))
      reasons.push({ kind: 'lockedWeightTooHigh', repId: reps[rep] as string, weight });
  });
  const heavy = spots
    .filter((_, p) => (places.w[p] as number) > 2 * TURF_BALANCE_BOUND * balance.mean)
    .flatMap((spot) => spot.doors.map((d) => (input.doors[d] as TurfDoor).id));
  if (heavy.length) reasons.push({ kind: 'heavyDoors', doorIds: heavy });
  if (reasons.length === 0) reasons.push({ kind: 'unbalanced' });
  return reasons;
}
