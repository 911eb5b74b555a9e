/**
 * A walk through doors (issue 29): the order to visit N doors in, starting where the rep stands and
 * ending at whichever door is last (an open path), on straight-line distance. Distances are
 * equirectangular metres around the start (within a neighbourhood the error is far below a metre
 * per hundred). The walk is built by nearest neighbour, then improved by 2-opt (reversing a stretch)
 * and Or-opt (moving a run of one to three doors elsewhere, either way round) until neither finds a
 * shorter walk. A seed makes a run repeatable: seed 0 builds by plain nearest neighbour; other seeds
 * pick among the three nearest at each step, so restarts explore other walks ({@link bestOfRestarts}).
 *
 * Hand-written: the registry's solvers either close the tour (back to the start), use
 * Math.random (not repeatable), or are native modules that do not run on a phone.
 */

export interface WalkPoint {
  lng: number;
  lat: number;
}

export interface Walk {
  /** Indexes into the stops, in walking order. */
  order: number[];
  /** Metres from the start through every stop in order. */
  length: number;
}

const EARTH_RADIUS_METERS = 6_371_008.8;
const RADIANS = Math.PI / 180;

/** Positions as [x, y] metres on a plane touching the globe at `origin`. */
function project(origin: WalkPoint, points: readonly WalkPoint[]): Float64Array {
  const cos = Math.cos(origin.lat * RADIANS);
  const xy = new Float64Array(points.length * 2);
  points.forEach((p, i) => {
    xy[2 * i] = (p.lng - origin.lng) * RADIANS * EARTH_RADIUS_METERS * cos;
    xy[2 * i + 1] = (p.lat - origin.lat) * RADIANS * EARTH_RADIUS_METERS;
  });
  return xy;
}

/** Straight-line metres between two points (equirectangular, around the first). */
export function metresBetween(a: WalkPoint, b: WalkPoint): number {
  const xy = project(a, [b]);
  return Math.hypot(xy[0] as number, xy[1] as number);
}

/** Node 0 is the start; node i + 1 is stop i. Row-major (n + 1)². */
function distanceMatrix(origin: WalkPoint, stops: readonly WalkPoint[]): { d: Float64Array; size: number } {
  const xy = project(origin, [origin, ...stops]);
  const size = stops.length + 1;
  const d = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const v = Math.hypot(
        (xy[2 * i] as number) - (xy[2 * j] as number),
        (xy[2 * i + 1] as number) - (xy[2 * j + 1] as number),
      );
      d[i * size + j] = v;
      d[j * size + i] = v;
    }
  }
  return { d, size };
}

/** A small, fast, seeded generator (mulberry32): the same seed, the same walk. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Nodes from the start: plain nearest neighbour for seed 0, else one of the three nearest each step. */
function construct(d: Float64Array, size: number, seed: number): Int32Array {
  const path = new Int32Array(size);
  const used = new Uint8Array(size);
  used[0] = 1;
  const next = seed === 0 ? undefined : random(seed);
  let at = 0;
  const best = [-1, -1, -1];
  for (let k = 1; k < size; k++) {
    best.fill(-1);
    for (let j = 1; j < size; j++) {
      if (used[j]) continue;
      const dj = d[at * size + j] as number;
      for (let slot = 0; slot < 3; slot++) {
        const b = best[slot] as number;
        if (b === -1 || dj < (d[at * size + b] as number)) {
          best.splice(slot, 0, j);
          best.length = 3;
          break;
        }
      }
    }
    const candidates = best.filter((b) => b !== -1);
    const pick = next
      ? (candidates[Math.floor(next() * candidates.length)] as number)
      : (candidates[0] as number);
    path[k] = pick;
    used[pick] = 1;
    at = pick;
  }
  return path;
}

const EPSILON = 1e-7;

/** Reverses path[i..j] in place. */
function reverse(path: Int32Array, i: number, j: number): void {
  while (i < j) {
    const t = path[i] as number;
    path[i++] = path[j] as number;
    path[j--] = t;
  }
}

/** One sweep of 2-opt moves (first improvement); answers whether the walk got shorter. */
function twoOpt(path: Int32Array, d: Float64Array, size: number): boolean {
  const n = size - 1;
  let improved = false;
  for (let i = 1; i < n; i++) {
    for (let j = i + 1; j <= n; j++) {
      const a = path[i - 1] as number;
      const b = path[i] as number;
      const c = path[j] as number;
      // The walk is open: after its last door there is no edge to keep or make.
      const e = j < n ? (path[j + 1] as number) : -1;
      const before = (d[a * size + b] as number) + (e >= 0 ? (d[c * size + e] as number) : 0);
      const after = (d[a * size + c] as number) + (e >= 0 ? (d[b * size + e] as number) : 0);
      if (after < before - EPSILON) {
        reverse(path, i, j);
        improved = true;
      }
    }
  }
  return improved;
}

/** Moves path[from..from+len-1] to after position `to` (an index of the path without the run), reversed or not. */
function moveRun(path: Int32Array, from: number, len: number, to: number, reversed: boolean): void {
  const run = Array.from(path.subarray(from, from + len));
  if (reversed) run.reverse();
  const rest = [...path.subarray(0, from), ...path.subarray(from + len)];
  rest.splice(to + 1, 0, ...run);
  path.set(rest);
}

/** One sweep of Or-opt moves (runs of 1 to 3, either way round); answers whether the walk got shorter. */
function orOpt(path: Int32Array, d: Float64Array, size: number): boolean {
  const n = size - 1;
  let improved = false;
  for (let len = 1; len <= 3; len++) {
    for (let i = 1; i + len - 1 <= n; i++) {
      const last = i + len - 1;
      const p = path[i - 1] as number;
      const first = path[i] as number;
      const end = path[last] as number;
      const after = last < n ? (path[last + 1] as number) : -1;
      // What taking the run out saves.
      const removed =
        (d[p * size + first] as number) +
        (after >= 0 ? (d[end * size + after] as number) - (d[p * size + after] as number) : 0);
      let bestGain = EPSILON;
      let bestTo = -1;
      let bestReversed = false;
      // Put it back between path[k] and path[k + 1], for k outside the run (and not where it was).
      for (let k = 0; k <= n; k++) {
        if (k >= i - 1 && k <= last) continue;
        const x = path[k] as number;
        const y = k < n ? (path[k + 1] as number) : -1;
        const kept = y >= 0 ? (d[x * size + y] as number) : 0;
        const forward = (d[x * size + first] as number) + (y >= 0 ? (d[end * size + y] as number) : 0) - kept;
        const backward =
          (d[x * size + end] as number) + (y >= 0 ? (d[first * size + y] as number) : 0) - kept;
        if (removed - forward > bestGain) {
          bestGain = removed - forward;
          bestTo = k;
          bestReversed = false;
        }
        if (len > 1 && removed - backward > bestGain) {
          bestGain = removed - backward;
          bestTo = k;
          bestReversed = true;
        }
      }
      if (bestTo >= 0) {
        // Positions after the run shift back by its length once it is taken out.
        moveRun(path, i, len, bestTo > last ? bestTo - len : bestTo, bestReversed);
        improved = true;
      }
    }
  }
  return improved;
}

function lengthOf(path: Int32Array, d: Float64Array, size: number): number {
  let total = 0;
  for (let k = 1; k < path.length; k++)
    total += d[(path[k - 1] as number) * size + (path[k] as number)] as number;
  return total;
}

/** Sweeps are bounded, so a walk is always answered (each sweep that counts shortens it). */
const MAX_SWEEPS = 1000;

function solve(d: Float64Array, size: number, seed: number): Walk {
  const path = construct(d, size, seed);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const a = twoOpt(path, d, size);
    const b = orOpt(path, d, size);
    if (!a && !b) break;
  }
  return { order: Array.from(path.subarray(1), (node) => node - 1), length: lengthOf(path, d, size) };
}

/** The walk from `start` through every stop, for one seed (the same seed, the same walk). */
export function planWalk(start: WalkPoint, stops: readonly WalkPoint[], seed = 0): Walk {
  if (!stops.length) return { order: [], length: 0 };
  const { d, size } = distanceMatrix(start, stops);
  return solve(d, size, seed);
}

/**
 * The shortest of `restarts` runs, seeds `seed`, `seed + 1`, … (the first of equal ones): more
 * restarts, a walk at least as short, in proportionally more time.
 */
export function bestOfRestarts(
  start: WalkPoint,
  stops: readonly WalkPoint[],
  restarts: number,
  seed = 0,
): Walk {
  if (!stops.length) return { order: [], length: 0 };
  const { d, size } = distanceMatrix(start, stops);
  let best: Walk | undefined;
  for (let r = 0; r < Math.max(1, restarts); r++) {
    const walk = solve(d, size, seed + r);
    if (!best || walk.length < best.length - EPSILON) best = walk;
  }
  return best as Walk;
}

/** Up to this many doors the walk is found exactly (every order considered, by dynamic programming). */
export const EXACT_WALK_DOORS = 10;

/** The shortest walk of a few doors (Held–Karp over subsets; 2ⁿ·n² steps, so only for a few). */
function exactWalk(d: Float64Array, size: number): Walk {
  const n = size - 1;
  const full = (1 << n) - 1;
  // cost[mask * n + j]: the shortest walk from the start through the doors of mask, ending at door j.
  const cost = new Float64Array((full + 1) * n).fill(Number.POSITIVE_INFINITY);
  const from = new Int8Array((full + 1) * n).fill(-1);
  for (let j = 0; j < n; j++) cost[(1 << j) * n + j] = d[j + 1] as number;
  for (let mask = 1; mask <= full; mask++) {
    for (let j = 0; j < n; j++) {
      const here = cost[mask * n + j] as number;
      if (!(mask & (1 << j)) || here === Number.POSITIVE_INFINITY) continue;
      for (let k = 0; k < n; k++) {
        if (mask & (1 << k)) continue;
        const next = mask | (1 << k);
        const via = here + (d[(j + 1) * size + k + 1] as number);
        if (via < (cost[next * n + k] as number) - EPSILON) {
          cost[next * n + k] = via;
          from[next * n + k] = j;
        }
      }
    }
  }
  let end = 0;
  for (let j = 1; j < n; j++)
    if ((cost[full * n + j] as number) < (cost[full * n + end] as number) - EPSILON) end = j;
  const order: number[] = [];
  let mask = full;
  let at = end;
  while (at >= 0) {
    order.push(at);
    const prev = from[mask * n + at] as number;
    mask &= ~(1 << at);
    at = prev;
  }
  order.reverse();
  return { order, length: cost[full * n + end] as number };
}

/** Restarts of the planner the app runs for a walk of this many doors (more doors, fewer). */
export function restartsFor(doors: number): number {
  return doors <= 100 ? 10 : 5;
}

/**
 * The walk the app plans: exact for a few doors, else the shortest of {@link restartsFor} runs of
 * the planner (seeds 0, 1, …).
 */
export function solveWalk(start: WalkPoint, stops: readonly WalkPoint[]): Walk {
  if (!stops.length) return { order: [], length: 0 };
  const { d, size } = distanceMatrix(start, stops);
  if (stops.length <= EXACT_WALK_DOORS) return exactWalk(d, size);
  return bestOfRestarts(start, stops, restartsFor(stops.length));
}

/** Metres of walking from `start` through the stops in `order` (measured as the walk is planned). */
export function walkLength(start: WalkPoint, stops: readonly WalkPoint[], order: readonly number[]): number {
  const { d, size } = distanceMatrix(start, stops);
  let total = 0;
  let at = 0;
  for (const i of order) {
    total += d[at * size + i + 1] as number;
    at = i + 1;
  }
  return total;
}

/** Metres from `p` to the straight leg from `a` to `b` (around `p`). */
export function metresFromLeg(p: WalkPoint, a: WalkPoint, b: WalkPoint): number {
  const xy = project(p, [a, b]);
  const ax = xy[0] as number;
  const ay = xy[1] as number;
  const dx = (xy[2] as number) - ax;
  const dy = (xy[3] as number) - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}
