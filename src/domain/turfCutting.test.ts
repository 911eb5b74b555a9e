import turfArea from '@turf/area';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Position, RegionGeometry } from './regionGeometry.ts';
import {
  type CutTurf,
  cutTurfs,
  TURF_BALANCE_BOUND,
  type TurfCut,
  type TurfDoor,
  turfBalance,
  validTurfPolygon,
} from './turfCutting.ts';

/** A rectangle [west, south, east, north] as a region. */
const box = (west: number, south: number, east: number, north: number): RegionGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

/** A U open to the north: two arms joined along the south. */
const U_REGION: RegionGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [0.03, 0],
      [0.03, 0.03],
      [0.02, 0.03],
      [0.02, 0.01],
      [0.01, 0.01],
      [0.01, 0.03],
      [0, 0.03],
      [0, 0],
    ],
  ],
};

/** A small seeded random source for fixtures. */
function randomOf(seed: number) {
  let s = seed % 2147483647 || 1;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

/** `count` doors scattered over the rectangle (a few decimals, as stored positions are). */
function scatter(count: number, [west, south, east, north]: number[], seed = 1, prefix = 'd'): TurfDoor[] {
  const random = randomOf(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i}`,
    lng: (west as number) + ((east as number) - (west as number)) * random(),
    lat: (south as number) + ((north as number) - (south as number)) * random(),
    weight: 1,
  }));
}

/** A grid of cols × rows doors filling the rectangle's inside. */
function grid(cols: number, rows: number, [west, south, east, north]: number[]): TurfDoor[] {
  const doors: TurfDoor[] = [];
  for (let c = 0; c < cols; c++)
    for (let r = 0; r < rows; r++)
      doors.push({
        id: `g${c}-${r}`,
        lng: (west as number) + (((east as number) - (west as number)) * (c + 0.5)) / cols,
        lat: (south as number) + (((north as number) - (south as number)) * (r + 0.5)) / rows,
        weight: 1,
      });
  return doors;
}

const reps = (k: number) => Array.from({ length: k }, (_, i) => `rep${i}`);

const inside = (polygon: CutTurf['polygon'], door: TurfDoor) =>
  polygon !== null && booleanPointInPolygon([door.lng, door.lat], polygon);

/** Distance from p to segment ab (in degrees, which is all a rounding check needs). */
function segmentDistance([px, py]: Position, [ax, ay]: Position, [bx, by]: Position): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

const withinRegion = (p: Position, region: RegionGeometry) =>
  booleanPointInPolygon(p, region as GeoJSON.Polygon) ||
  (region.type === 'Polygon' ? [region.coordinates] : region.coordinates)
    .flat()
    .some((ring) => ring.some((a, i) => i > 0 && segmentDistance(p, ring[i - 1] as Position, a) < 1e-12));

/** What every good cut holds: a partition of the doors given, each turf one valid outline holding its doors and no other turf's. */
function expectSoundCut(cut: TurfCut, doors: TurfDoor[], region: RegionGeometry) {
  const placed = cut.turfs.flatMap((turf) => turf.doorIds);
  expect(new Set(placed).size).toBe(placed.length);
  expect(new Set(placed)).toEqual(new Set(doors.map((d) => d.id)));
  const byId = new Map(doors.map((d) => [d.id, d]));
  for (const turf of cut.turfs) {
    if (turf.doorIds.length === 0) continue;
    expect(validTurfPolygon(turf.polygon)).toBe(true);
    const polygon = turf.polygon as NonNullable<CutTurf['polygon']>;
    // Inside the region: every corner of the outline is (a corner cut on the region's edge may
    // stray from it by a rounding).
    for (const corner of polygon.coordinates.flat()) expect(withinRegion(corner, region)).toBe(true);
    for (const id of turf.doorIds) expect(inside(polygon, byId.get(id) as TurfDoor)).toBe(true);
    const weight = turf.doorIds.reduce((sum, id) => sum + (byId.get(id) as TurfDoor).weight, 0);
    expect(turf.weight).toBeCloseTo(weight, 9);
    for (const other of cut.turfs) {
      if (other === turf) continue;
      for (const id of other.doorIds) expect(inside(polygon, byId.get(id) as TurfDoor)).toBe(false);
    }
  }
  // Turfs do not overlap: inside the region, their areas add up to no more than the region's.
  const areas = cut.turfs.reduce((sum, turf) => sum + (turf.polygon ? turfArea(turf.polygon) : 0), 0);
  expect(areas).toBeLessThanOrEqual(turfArea(region) * (1 + 1e-9));
  expect(cut.issues.filter((issue) => issue.kind === 'outlineMissesDoors')).toEqual([]);
}

describe('turfBalance', () => {
  it.each([
    { weights: [], mean: 0, maxDeviation: 0, withinBound: true },
    { weights: [100, 100], mean: 100, maxDeviation: 0, withinBound: true },
    { weights: [90, 100, 110], mean: 100, maxDeviation: 0.1, withinBound: true },
    { weights: [80, 120], mean: 100, maxDeviation: 0.2, withinBound: false },
    { weights: [0, 0, 0], mean: 0, maxDeviation: 0, withinBound: true },
    { weights: [3, 0], mean: 1.5, maxDeviation: 1, withinBound: false },
  ])('$weights → mean $mean, off by $maxDeviation', ({ weights, mean, maxDeviation, withinBound }) => {
    const balance = turfBalance(weights.map((weight) => ({ weight })));
    expect(balance.mean).toBeCloseTo(mean, 9);
    expect(balance.maxDeviation).toBeCloseTo(maxDeviation, 9);
    expect(balance.withinBound).toBe(withinBound);
  });
});

describe('validTurfPolygon', () => {
  const square: Position[] = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
    [0, 0],
  ];
  it.each([
    { name: 'a closed square', polygon: { type: 'Polygon', coordinates: [square] }, valid: true },
    {
      name: 'a square with a hole',
      polygon: {
        type: 'Polygon',
        coordinates: [
          square,
          [
            [0.4, 0.4],
            [0.4, 0.6],
            [0.6, 0.6],
            [0.6, 0.4],
            [0.4, 0.4],
          ],
        ],
      },
      valid: true,
    },
    { name: 'an open ring', polygon: { type: 'Polygon', coordinates: [square.slice(0, 4)] }, valid: false },
    {
      name: 'two distinct points',
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
            [0, 0],
          ],
        ],
      },
      valid: false,
    },
    {
      name: 'a bow tie (crosses itself)',
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
            [0, 0],
          ],
        ],
      },
      valid: false,
    },
    { name: 'several shapes', polygon: { type: 'MultiPolygon', coordinates: [[square]] }, valid: false },
    { name: 'not a shape', polygon: null, valid: false },
    { name: 'a line', polygon: { type: 'LineString', coordinates: square }, valid: false },
  ])('$name: $valid', ({ polygon, valid }) => {
    expect(validTurfPolygon(polygon)).toBe(valid);
  });
});

describe('cutTurfs on fixtures', () => {
  const region = box(-112.1, 33.4, -112.0, 33.5);
  const bounds = [-112.1, 33.4, -112.0, 33.5];

  it('cuts a 4 × 4 grid into two turfs of eight doors', () => {
    const doors = grid(4, 4, bounds);
    const cut = cutTurfs({ region, doors, reps: reps(2) });
    expectSoundCut(cut, doors, region);
    expect(cut.turfs.map((t) => t.doorIds.length)).toEqual([8, 8]);
    expect(cut.balance).toEqual({ mean: 8, maxDeviation: 0, withinBound: true });
    expect(cut.issues).toEqual([]);
  });

  it('cuts a 10 × 10 grid into four turfs of 25 doors', () => {
    const doors = grid(10, 10, bounds);
    const cut = cutTurfs({ region, doors, reps: reps(4) });
    expectSoundCut(cut, doors, region);
    expect(cut.turfs.map((t) => t.doorIds.length)).toEqual([25, 25, 25, 25]);
  });

  it('gives one rep the whole region', () => {
    const doors = scatter(50, bounds);
    const cut = cutTurfs({ region, doors, reps: ['ana'] });
    expectSoundCut(cut, doors, region);
    expect(cut.turfs).toHaveLength(1);
    expect(cut.turfs[0]?.doorIds).toHaveLength(50);
  });

  it('balances 600 scattered doors among five reps', () => {
    const doors = scatter(600, bounds, 7);
    const cut = cutTurfs({ region, doors, reps: reps(5) });
    expectSoundCut(cut, doors, region);
    expect(cut.balance.withinBound).toBe(true);
    expect(cut.issues).toEqual([]);
  });

  it('balances by weight when doors count their expected value', () => {
    // The west half's doors are worth three times the east half's.
    const doors = scatter(400, bounds, 3).map((d) => ({ ...d, weight: d.lng < -112.05 ? 3 : 1 }));
    const cut = cutTurfs({ region, doors, reps: reps(4) });
    expectSoundCut(cut, doors, region);
    expect(cut.balance.withinBound).toBe(true);
    const counts = cut.turfs.map((t) => t.doorIds.length).sort((a, b) => a - b);
    // Turfs in the rich west hold fewer doors.
    expect(counts[0]).toBeLessThan(0.8 * (counts[3] as number));
  });

  it('keeps one connected turf in each arm of a U-shaped region', () => {
    const doors = [
      ...scatter(150, [0, 0.011, 0.01, 0.03], 5, 'w'),
      ...scatter(150, [0.02, 0.011, 0.03, 0.03], 6, 'e'),
    ];
    const cut = cutTurfs({ region: U_REGION, doors, reps: reps(2) });
    expectSoundCut(cut, doors, U_REGION);
    expect(cut.balance.withinBound).toBe(true);
    for (const turf of cut.turfs) expect(new Set(turf.doorIds.map((id) => id[0])).size).toBe(1);
  });

  it('cuts a U-shaped region with doors all over into three connected turfs', () => {
    const doors = scatter(900, [0, 0, 0.03, 0.03], 9).filter((d) =>
      booleanPointInPolygon([d.lng, d.lat], U_REGION as GeoJSON.Polygon),
    );
    const cut = cutTurfs({ region: U_REGION, doors, reps: reps(3) });
    expectSoundCut(cut, doors, U_REGION);
    expect(cut.balance.withinBound).toBe(true);
  });

  it('keeps locked doors with their rep, wherever they are', () => {
    const doors = grid(10, 10, bounds).map((d) =>
      // The far west column is locked to the last rep, the far east one to the first.
      d.id.startsWith('g0-')
        ? { ...d, lockedTo: 'rep3' }
        : d.id.startsWith('g9-')
          ? { ...d, lockedTo: 'rep0' }
          : d,
    );
    const cut = cutTurfs({ region, doors, reps: reps(4) });
    expectSoundCut(cut, doors, region);
    const turfOf = (id: string) => cut.turfs.find((t) => t.doorIds.includes(id))?.repId;
    for (let r = 0; r < 10; r++) {
      expect(turfOf(`g0-${r}`)).toBe('rep3');
      expect(turfOf(`g9-${r}`)).toBe('rep0');
    }
    expect(cut.balance.withinBound).toBe(true);
  });

  it('keeps doors at one address together (an apartment block)', () => {
    const block = Array.from({ length: 12 }, (_, i) => ({
      id: `apt${i}`,
      lng: -112.05,
      lat: 33.45,
      weight: 1,
    }));
    const doors = [...scatter(200, bounds, 4), ...block];
    const cut = cutTurfs({ region, doors, reps: reps(3) });
    expectSoundCut(cut, doors, region);
    const holders = cut.turfs.filter((t) => t.doorIds.some((id) => id.startsWith('apt')));
    expect(holders).toHaveLength(1);
    expect(holders[0]?.doorIds.filter((id) => id.startsWith('apt'))).toHaveLength(12);
  });

  it('is the same cut for the same seed', () => {
    const doors = scatter(300, bounds, 8);
    const first = cutTurfs({ region, doors, reps: reps(3), seed: 42 });
    const again = cutTurfs({ region, doors, reps: reps(3), seed: 42 });
    expect(again).toEqual(first);
    const other = cutTurfs({ region, doors, reps: reps(3), seed: 7 });
    expectSoundCut(other, doors, region);
    expect(other.balance.withinBound).toBe(true);
  });

  it('cuts a region of two separate parts', () => {
    const twoParts: RegionGeometry = {
      type: 'MultiPolygon',
      coordinates: [
        box(0, 0, 0.01, 0.01).coordinates as Position[][],
        box(0.02, 0, 0.03, 0.01).coordinates as Position[][],
      ],
    };
    const doors = [
      ...scatter(100, [0, 0, 0.01, 0.01], 1, 'a'),
      ...scatter(100, [0.02, 0, 0.03, 0.01], 2, 'b'),
    ];
    const cut = cutTurfs({ region: twoParts, doors, reps: reps(2) });
    expect(cut.balance.withinBound).toBe(true);
    for (const turf of cut.turfs) {
      expect(validTurfPolygon(turf.polygon)).toBe(true);
      // Each turf is one of the parts.
      expect(new Set(turf.doorIds.map((id) => id[0]))).toHaveProperty('size', 1);
    }
  });

  it('outlines a turf inside another as a hole in it', () => {
    // The middle doors are the second rep's, all around them the first's.
    const doors = grid(9, 9, bounds).map((d) => {
      const [c, r] = d.id.slice(1).split('-').map(Number) as [number, number];
      const middle = c >= 3 && c <= 5 && r >= 3 && r <= 5;
      return { ...d, lockedTo: middle ? 'rep1' : 'rep0' };
    });
    const cut = cutTurfs({ region, doors, reps: reps(2) });
    expectSoundCut(cut, doors, region);
    expect(cut.turfs[0]?.polygon?.coordinates).toHaveLength(2);
    expect(cut.turfs[1]?.polygon?.coordinates).toHaveLength(1);
  });

  it('draws borders with few corners: straight where the doors allow', () => {
    const doors = scatter(3000, bounds, 11);
    const cut = cutTurfs({ region, doors, reps: reps(4) });
    expectSoundCut(cut, doors, region);
    for (const turf of cut.turfs) expect(turf.polygon?.coordinates[0]?.length).toBeLessThan(60);
  });

  it('shares the reps among the parts of a region by their doors', () => {
    const twoParts: RegionGeometry = {
      type: 'MultiPolygon',
      coordinates: [
        box(0, 0, 0.02, 0.01).coordinates as Position[][],
        box(0.03, 0, 0.04, 0.01).coordinates as Position[][],
      ],
    };
    const doors = [
      ...scatter(200, [0, 0, 0.02, 0.01], 1, 'a'),
      ...scatter(100, [0.03, 0, 0.04, 0.01], 2, 'b'),
    ];
    const cut = cutTurfs({ region: twoParts, doors, reps: reps(3) });
    expect(cut.issues).toEqual([]);
    expect(cut.balance.withinBound).toBe(true);
    const partsOf = cut.turfs.map((turf) => [...new Set(turf.doorIds.map((id) => id[0]))].join());
    expect(partsOf.sort()).toEqual(['a', 'a', 'b']);
    for (const turf of cut.turfs) expect(validTurfPolygon(turf.polygon)).toBe(true);
  });

  describe('says what it could not do', () => {
    it('refuses a region outline that crosses itself', () => {
      const bowTie: RegionGeometry = {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
            [0, 0],
          ],
        ],
      };
      const cut = cutTurfs({ region: bowTie, doors: grid(2, 2, [0, 0, 1, 1]), reps: reps(2) });
      expect(cut.issues).toEqual([{ kind: 'invalidRegion', problem: 'selfIntersecting' }]);
      expect(cut.turfs.map((t) => t.doorIds)).toEqual([[], []]);
    });

    it('needs reps', () => {
      expect(cutTurfs({ region, doors: grid(2, 2, bounds), reps: [] })).toEqual({
        turfs: [],
        balance: { mean: 0, maxDeviation: 0, withinBound: true },
        issues: [{ kind: 'noReps' }],
      });
    });

    it('leaves out doors outside the region and doors without a position or weight', () => {
      const doors: TurfDoor[] = [
        ...grid(4, 4, bounds),
        { id: 'far', lng: -111, lat: 33.45, weight: 1 },
        { id: 'nowhere', lng: Number.NaN, lat: 33.45, weight: 1 },
        { id: 'negative', lng: -112.05, lat: 33.45, weight: -1 },
        { id: 'g0-0', lng: -112.05, lat: 33.45, weight: 1 },
      ];
      const cut = cutTurfs({ region, doors, reps: reps(2) });
      expect(cut.issues).toEqual([
        { kind: 'invalidDoors', doorIds: ['nowhere', 'negative', 'g0-0'] },
        { kind: 'doorsOutsideRegion', doorIds: ['far'] },
      ]);
      expectSoundCut(cut, grid(4, 4, bounds), region);
    });

    it('cuts doors locked to a rep not in the cut as unlocked', () => {
      const doors = grid(4, 4, bounds).map((d, i) => (i < 3 ? { ...d, lockedTo: 'someone-else' } : d));
      const cut = cutTurfs({ region, doors, reps: reps(2) });
      expect(cut.issues).toEqual([{ kind: 'lockedToAbsentRep', doorIds: ['g0-0', 'g0-1', 'g0-2'] }]);
      expectSoundCut(cut, doors, region);
    });

    it('follows the first lock at an address locked to two reps', () => {
      const doors: TurfDoor[] = [
        ...grid(4, 4, bounds),
        { id: 'a1', lng: -112.01, lat: 33.41, weight: 1, lockedTo: 'rep0' },
        { id: 'a2', lng: -112.01, lat: 33.41, weight: 1, lockedTo: 'rep1' },
      ];
      const cut = cutTurfs({ region, doors, reps: reps(2) });
      expect(cut.issues).toContainEqual({ kind: 'conflictingLocks', doorIds: ['a2'] });
      expect(cut.turfs[0]?.doorIds).toEqual(expect.arrayContaining(['a1', 'a2']));
      expectSoundCut(cut, doors, region);
    });

    it('leaves a turf empty when there are fewer addresses than reps', () => {
      const doors = grid(2, 1, bounds);
      const cut = cutTurfs({ region, doors, reps: reps(3) });
      expectSoundCut(cut, doors, region);
      expect(cut.turfs.filter((t) => t.polygon === null)).toHaveLength(1);
      expect(cut.issues).toContainEqual({ kind: 'fewerPlacesThanReps' });
      expect(cut.balance.withinBound).toBe(false);
    });

    it('names a door too heavy to balance around', () => {
      const doors = [...grid(6, 6, bounds), { id: 'mansion', lng: -112.02, lat: 33.42, weight: 40 }];
      const cut = cutTurfs({ region, doors, reps: reps(3) });
      expectSoundCut(cut, doors, region);
      expect(cut.balance.withinBound).toBe(false);
      expect(cut.issues).toContainEqual({ kind: 'heavyDoors', doorIds: ['mansion'] });
    });

    it('names a rep whose locked doors alone weigh more than a turf may', () => {
      const doors = grid(6, 6, bounds).map((d, i) => (i < 20 ? { ...d, lockedTo: 'rep1' } : d));
      const cut = cutTurfs({ region, doors, reps: reps(2) });
      expectSoundCut(cut, doors, region);
      expect(cut.turfs[1]?.doorIds).toHaveLength(20);
      expect(cut.issues).toContainEqual({ kind: 'lockedWeightTooHigh', repId: 'rep1', weight: 20 });
    });

    it('names the turf that must reach into a part of the region too small for a rep of its own', () => {
      const twoParts: RegionGeometry = {
        type: 'MultiPolygon',
        coordinates: [
          box(0, 0, 0.02, 0.01).coordinates as Position[][],
          box(0.03, 0, 0.04, 0.01).coordinates as Position[][],
        ],
      };
      const doors = [
        ...scatter(200, [0, 0, 0.02, 0.01], 1, 'a'),
        ...scatter(4, [0.03, 0, 0.04, 0.01], 2, 'b'),
      ];
      const cut = cutTurfs({ region: twoParts, doors, reps: reps(2) });
      const missing = cut.issues.filter((issue) => issue.kind === 'outlineMissesDoors');
      expect(missing).toHaveLength(1);
      expect(missing[0]).toMatchObject({ doorIds: ['b0', 'b1', 'b2', 'b3'] });
      expect(cut.turfs.flatMap((t) => t.doorIds)).toHaveLength(204);
    });

    it('keeps doors locked to a rep with that rep in every part of the region', () => {
      const twoParts: RegionGeometry = {
        type: 'MultiPolygon',
        coordinates: [
          box(0, 0, 0.02, 0.01).coordinates as Position[][],
          box(0.03, 0, 0.04, 0.01).coordinates as Position[][],
        ],
      };
      const doors = [
        ...scatter(200, [0, 0, 0.02, 0.01], 1, 'a').map((d, i) => (i < 10 ? { ...d, lockedTo: 'rep0' } : d)),
        ...scatter(100, [0.03, 0, 0.04, 0.01], 2, 'b').map((d, i) =>
          i < 2 ? { ...d, lockedTo: 'rep0' } : d,
        ),
      ];
      const cut = cutTurfs({ region: twoParts, doors, reps: reps(3) });
      expect(cut.turfs[0]?.doorIds).toEqual(expect.arrayContaining(['a0', 'a9', 'b0', 'b1']));
      expect(cut.issues).toContainEqual(
        expect.objectContaining({ kind: 'outlineMissesDoors', repId: 'rep0' }),
      );
    });

    it('names a rep whose locked doors cannot be joined in one turf', () => {
      // rep0's doors in the west, rep1's in the east and rep0's again beyond them in a ring of rep1's.
      const doors = grid(9, 9, bounds).map((d) => {
        const [c, r] = d.id.slice(1).split('-').map(Number) as [number, number];
        if (c <= 1) return { ...d, lockedTo: 'rep0' };
        if (c === 7 && r === 4) return { ...d, lockedTo: 'rep0' };
        if (c >= 6 && c <= 8 && r >= 3 && r <= 5) return { ...d, lockedTo: 'rep1' };
        if (c === 5 || c === 8 || r === 0 || r === 8) return { ...d, lockedTo: 'rep1' };
        return d;
      });
      const cut = cutTurfs({ region, doors, reps: reps(2) });
      expect(cut.issues).toContainEqual({ kind: 'locksApart', repId: 'rep0' });
      const turfOf = (id: string) => cut.turfs.find((t) => t.doorIds.includes(id))?.repId;
      for (const door of doors) if (door.lockedTo) expect(turfOf(door.id)).toBe(door.lockedTo);
    });
  });
});

describe('cutTurfs properties', () => {
  const region = box(-97.8, 30.2, -97.7, 30.3);
  const doorsArb = fc.record({
    count: fc.integer({ min: 1, max: 160 }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
  });

  it('partitions the doors into valid turfs, each holding its doors and only its own', () => {
    fc.assert(
      fc.property(doorsArb, fc.integer({ min: 1, max: 7 }), ({ count, seed }, k) => {
        const doors = scatter(count, [-97.8, 30.2, -97.7, 30.3], seed);
        const cut = cutTurfs({ region, doors, reps: reps(k) });
        expect(cut.turfs.map((t) => t.repId)).toEqual(reps(k));
        expectSoundCut(cut, doors, region);
      }),
      { numRuns: 60 },
    );
  });

  // Doors a few to an arm: far sparser doors than the region's bends can leave a door's cell
  // reaching round a bend, where no outline of one piece holds it (the cut then names it).
  it('cuts a U-shaped region into valid turfs too, each in one piece holding its doors', () => {
    fc.assert(
      fc.property(doorsArb, fc.integer({ min: 1, max: 7 }), ({ count, seed }, k) => {
        const doors = scatter(3 * Math.max(count, 10), [0, 0, 0.03, 0.03], seed).filter((d) =>
          booleanPointInPolygon([d.lng, d.lat], U_REGION as GeoJSON.Polygon),
        );
        const cut = cutTurfs({ region: U_REGION, doors, reps: reps(k) });
        expectSoundCut(cut, doors, U_REGION);
      }),
      { numRuns: 40 },
    );
  });

  it('balances uniformly scattered doors within the bound', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
        (k, seed, cutSeed) => {
          const doors = scatter(40 * k + 20, [-97.8, 30.2, -97.7, 30.3], seed);
          const cut = cutTurfs({ region, doors, reps: reps(k), seed: cutSeed });
          expect(cut.balance.maxDeviation).toBeLessThanOrEqual(TURF_BALANCE_BOUND);
          expect(cut.issues).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps every locked door with its rep', () => {
    fc.assert(
      fc.property(
        doorsArb,
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 }),
        ({ count, seed }, k, locks) => {
          const doors = scatter(count, [-97.8, 30.2, -97.7, 30.3], seed);
          for (const [door, rep] of locks) {
            const at = doors[door % doors.length] as TurfDoor;
            at.lockedTo = `rep${rep % k}`;
          }
          const cut = cutTurfs({ region, doors, reps: reps(k) });
          const placed = cut.turfs.flatMap((t) => t.doorIds);
          expect([...placed].sort()).toEqual(doors.map((d) => d.id).sort());
          for (const door of doors)
            if (door.lockedTo)
              expect(cut.turfs.find((t) => t.doorIds.includes(door.id))?.repId).toBe(door.lockedTo);
        },
      ),
      { numRuns: 60 },
    );
  });
});
