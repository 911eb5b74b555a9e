import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
import { DEFAULT_WALK_RULES, type DoorFacts, isEligibleDoor, sortDoors } from './doorEligibility.ts';
import {
  bestOfRestarts,
  metresBetween,
  metresFromLeg,
  planWalk,
  restartsFor,
  solveWalk,
  type WalkPoint,
  walkLength,
} from './walkRoute.ts';

/** A street grid around Mesa: one step is about 9 m east and 11 m north. */
const START: WalkPoint = { lng: -111.83, lat: 33.41 };
const at = (east: number, north: number): WalkPoint => ({
  lng: START.lng + east * 0.0001,
  lat: START.lat + north * 0.0001,
});

/** Metres on the plane touching the globe at the start, as the planner measures. */
const RADIUS = 6_371_008.8;
const RAD = Math.PI / 180;
const planeMetres = (a: WalkPoint, b: WalkPoint) =>
  Math.hypot((a.lng - b.lng) * RAD * RADIUS * Math.cos(START.lat * RAD), (a.lat - b.lat) * RAD * RADIUS);

/** The shortest open walk by trying every order (small instances only). */
function bruteForce(start: WalkPoint, stops: readonly WalkPoint[]): number {
  let best = Number.POSITIVE_INFINITY;
  const used = new Array(stops.length).fill(false);
  const order: number[] = [];
  const go = (from: WalkPoint, sofar: number) => {
    if (sofar >= best) return;
    if (order.length === stops.length) {
      best = sofar;
      return;
    }
    stops.forEach((p, i) => {
      if (used[i]) return;
      used[i] = true;
      order.push(i);
      go(p, sofar + planeMetres(from, p));
      order.pop();
      used[i] = false;
    });
  };
  go(start, 0);
  return best;
}

const isPermutation = (order: readonly number[], n: number) =>
  order.length === n &&
  new Set(order).size === n &&
  order.every((i) => Number.isInteger(i) && i >= 0 && i < n);

describe('planWalk on small instances with known best walks', () => {
  const cases: [string, WalkPoint[], number[] | null][] = [
    ['no doors', [], []],
    ['one door', [at(3, 4)], [0]],
    [
      'a street walked away from the start, given out of order',
      [at(3, 0), at(1, 0), at(4, 0), at(2, 0)],
      [1, 3, 0, 2],
    ],
    [
      'a street with the rep in its middle: the near end first',
      [at(-1, 0), at(-2, 0), at(5, 0), at(6, 0)],
      [0, 1, 2, 3],
    ],
    [
      'two sides of a street, zig-zag is longer than down and back',
      [at(1, 0), at(2, 0), at(3, 0), at(3, 1), at(2, 1), at(1, 1)],
      [0, 1, 2, 3, 4, 5],
    ],
    ['a block’s corners', [at(0, 5), at(5, 5), at(5, 0)], [2, 1, 0]],
    ['two doors at one spot', [at(2, 2), at(2, 2), at(4, 4)], null],
  ];
  it.each(cases)('%s', (_name, stops, expected) => {
    expect(solveWalk(START, stops).length).toBeCloseTo(bruteForce(START, stops), 6);
    const walk = planWalk(START, stops);
    expect(isPermutation(walk.order, stops.length)).toBe(true);
    if (expected) {
      // Either the expected order, or one of the same length.
      expect(walk.length).toBeCloseTo(walkLength(START, stops, expected), 6);
    }
    expect(walk.length).toBeCloseTo(bruteForce(START, stops), 6);
    expect(walk.length).toBeCloseTo(walkLength(START, stops, walk.order), 6);
  });

  it('finds the best walk of random instances of up to 8 doors', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ e: fc.integer({ min: -30, max: 30 }), n: fc.integer({ min: -30, max: 30 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (cells) => {
          const stops = cells.map((c) => at(c.e, c.n));
          const best = bruteForce(START, stops);
          const exact = solveWalk(START, stops);
          expect(isPermutation(exact.order, stops.length)).toBe(true);
          expect(exact.length).toBeCloseTo(best, 6);
          expect(walkLength(START, stops, exact.order)).toBeCloseTo(best, 6);
          // One run of the planner may stop at a local best, but not far from the best.
          expect(planWalk(START, stops).length).toBeLessThanOrEqual(best * 1.15 + 1e-6);
        },
      ),
      { numRuns: 200, seed: 29 },
    );
  });
});

describe('planWalk', () => {
  const grid = (n: number, seed: number) => {
    let s = seed;
    const next = () => {
      s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
      return s / 2_147_483_648;
    };
    return Array.from({ length: n }, () => at(next() * 100 - 50, next() * 100 - 50));
  };

  it('gives the same walk for the same seed, and a valid one for every seed', () => {
    const stops = grid(60, 7);
    expect(planWalk(START, stops, 3)).toEqual(planWalk(START, stops, 3));
    for (const seed of [0, 1, 2, 99])
      expect(isPermutation(planWalk(START, stops, seed).order, 60)).toBe(true);
  });

  it('is never longer than plain nearest neighbour, and restarts never longer than one run', () => {
    const stops = grid(80, 11);
    const one = planWalk(START, stops, 0);
    const restarts = bestOfRestarts(START, stops, 6, 0);
    expect(restarts.length).toBeLessThanOrEqual(one.length + 1e-6);
    // Greedy order for comparison.
    const left = new Set(stops.map((_, i) => i));
    const greedy: number[] = [];
    let here = START;
    while (left.size) {
      let pick = -1;
      for (const i of left)
        if (
          pick < 0 ||
          metresBetween(here, stops[i] as WalkPoint) < metresBetween(here, stops[pick] as WalkPoint)
        )
          pick = i;
      greedy.push(pick);
      left.delete(pick);
      here = stops[pick] as WalkPoint;
    }
    expect(one.length).toBeLessThanOrEqual(walkLength(START, stops, greedy) + 1e-6);
  });

  it('visits each eligible door exactly once and no ineligible one', () => {
    const context = {
      user_id: 'me',
      rules: DEFAULT_WALK_RULES,
      stages: DEFAULT_DEAL_STAGES,
      now: Date.parse('2026-05-10T12:00:00Z'),
    };
    const doorArb = fc.record({
      id: fc.uuid(),
      e: fc.integer({ min: -100, max: 100 }),
      n: fc.integer({ min: -100, max: 100 }),
      status: fc.constantFrom('Prospect', 'Not Home 1', 'Renter', 'No Soliciting', 'Contract Signed'),
      owner_id: fc.constantFrom('me', 'other', null),
      shared: fc.boolean(),
      knockedDaysAgo: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(doorArb, { selector: (d) => d.id, maxLength: 40 }),
        fc.nat(1000),
        (raw, seed) => {
          const doors: DoorFacts[] = raw.map((d) => ({
            id: d.id,
            ...at(d.e, d.n),
            status: d.status,
            stage: null,
            owner_id: d.owner_id,
            energy_consultants: d.shared ? ['me'] : [],
            last_knocked_at:
              d.knockedDaysAgo === null
                ? null
                : new Date(context.now - d.knockedDaysAgo * 86_400_000).toISOString(),
          }));
          const { eligible } = sortDoors(doors, context);
          const walk = planWalk(START, eligible as unknown as WalkPoint[], seed);
          const visited = walk.order.map((i) => (eligible[i] as DoorFacts).id);
          expect(new Set(visited).size).toBe(visited.length);
          expect(new Set(visited)).toEqual(
            new Set(doors.filter((d) => isEligibleDoor(d, context)).map((d) => d.id)),
          );
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('solveWalk', () => {
  it('plans a larger walk by restarts, no longer than one run', () => {
    const stops = Array.from({ length: 40 }, (_, i) => at((i * 37) % 41, (i * 17) % 23));
    const walk = solveWalk(START, stops);
    expect(isPermutation(walk.order, 40)).toBe(true);
    expect(walk).toEqual(bestOfRestarts(START, stops, restartsFor(40)));
    expect(walk.length).toBeLessThanOrEqual(planWalk(START, stops).length + 1e-6);
    expect(restartsFor(200)).toBeLessThan(restartsFor(60));
  });
});

describe('metresFromLeg', () => {
  it('measures to the nearest point of the leg', () => {
    const a = at(0, 0);
    const b = at(10, 0);
    expect(metresFromLeg(at(5, 0), a, b)).toBeLessThan(0.01);
    expect(metresFromLeg(at(5, 1), a, b)).toBeCloseTo(metresBetween(at(5, 0), at(5, 1)), 0);
    expect(metresFromLeg(at(-3, 0), a, b)).toBeCloseTo(metresBetween(a, at(-3, 0)), 0);
    expect(metresFromLeg(at(3, 3), a, a)).toBeCloseTo(metresBetween(a, at(3, 3)), 0);
  });
});
