import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RegionGeometry } from './regionGeometry.ts';
import { turfCutSchema, turfEditSchema } from './schemas/turfs.ts';
import {
  asTurfPolygon,
  overlaps,
  TURF_GEOMETRY_MESSAGES,
  type TurfPolygon,
  turfGeometryProblem,
} from './turfGeometry.ts';

const square = (w: number, s: number, e: number, n: number): TurfPolygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});
const REGION = square(0, 0, 10, 10);
const WITH_HOLE: RegionGeometry = {
  type: 'Polygon',
  coordinates: [...square(0, 0, 10, 10).coordinates, ...square(4, 4, 6, 6).coordinates],
};
const bowTie = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [2, 2],
      [2, 0],
      [0, 2],
      [0, 0],
    ],
  ],
};

describe('turf outlines', () => {
  const cases: [string, unknown, unknown, ReturnType<typeof turfGeometryProblem>][] = [
    ['a square inside its region', square(1, 1, 3, 3), REGION, undefined],
    ['a square sticking out of its region', square(8, 8, 12, 12), REGION, undefined],
    ['a square holding its whole region', square(-1, -1, 11, 11), REGION, undefined],
    ['a square sharing only an edge', square(10, 0, 12, 10), REGION, undefined],
    ['a square beside its region', square(11, 0, 12, 10), REGION, 'outsideRegion'],
    ['a square far away', square(50, 50, 51, 51), REGION, 'outsideRegion'],
    ['a square inside the region’s hole', square(4.5, 4.5, 5.5, 5.5), WITH_HOLE, 'outsideRegion'],
    ['a square over the region’s hole', square(3, 3, 7, 7), WITH_HOLE, undefined],
    ['any valid shape in a region drawn by hand', square(50, 50, 51, 51), null, undefined],
    ['a crossing outline', bowTie, REGION, 'selfIntersecting'],
    [
      'a ring that does not close',
      { type: 'Polygon', coordinates: [square(1, 1, 2, 2).coordinates[0]?.slice(0, 4)] },
      REGION,
      'notClosed',
    ],
    [
      'two shapes',
      { type: 'MultiPolygon', coordinates: [square(1, 1, 2, 2).coordinates, square(3, 3, 4, 4).coordinates] },
      REGION,
      'notOneShape',
    ],
    ['a point', { type: 'Point', coordinates: [1, 1] }, REGION, 'notPolygon'],
    ['nothing', null, REGION, 'notPolygon'],
  ];
  it.each(cases)('%s', (_name, geometry, region, problem) => {
    expect(turfGeometryProblem(geometry, region)).toBe(problem);
    expect(asTurfPolygon(geometry) === undefined).toBe(problem !== undefined && problem !== 'outsideRegion');
  });

  it('a square overlaps a region exactly when their boxes cross (property)', () => {
    const coordinate = fc.integer({ min: -20, max: 30 });
    fc.assert(
      fc.property(coordinate, coordinate, fc.integer({ min: 1, max: 8 }), (w, s, size) => {
        const turf = square(w, s, w + size, s + size);
        const meets = w <= 10 && w + size >= 0 && s <= 10 && s + size >= 0;
        expect(overlaps(turf, REGION)).toBe(meets);
      }),
    );
  });

  it('says each problem in the spec’s words', () => {
    expect(TURF_GEOMETRY_MESSAGES.selfIntersecting).toBe(
      'crosses itself; draw the outline without crossing lines',
    );
    expect(TURF_GEOMETRY_MESSAGES.outsideRegion).toContain('outside its region');
  });
});

describe('turf wire schemas', () => {
  const turf = (extra: Record<string, unknown> = {}) => ({
    id: crypto.randomUUID(),
    name: 'North',
    user_id: crypto.randomUUID(),
    geometry: square(1, 1, 2, 2),
    ...extra,
  });

  it('take a cut of turfs', () => {
    const parsed = turfCutSchema.safeParse({ region_id: crypto.randomUUID(), turfs: [turf(), turf()] });
    expect(parsed.success).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['a crossing outline', { turfs: [turf({ geometry: bowTie })] }, 'crosses itself'],
    ['no turfs', { turfs: [] }, 'at least one turf'],
    ['an empty name', { turfs: [turf({ name: '  ' })] }, 'is required'],
    ['a NUL in a name', { turfs: [turf({ name: 'a\u0000b' })] }, 'NUL'],
    ['a broken emoji', { turfs: [turf({ name: 'a\uD800' })] }, 'invalid character'],
    ['a long name', { turfs: [turf({ name: 'x'.repeat(201) })] }, 'at most 200'],
    ['a colour that is not one', { turfs: [turf({ color: 'red' })] }, 'colour'],
    ['an unknown field', { turfs: [turf({ owner_id: 'x' })] }, 'Unrecognized'],
    [
      'one turf twice',
      {
        turfs: [
          turf({ id: 'c1d5c1a4-3c1e-4c8e-9a55-111111111111' }),
          turf({ id: 'c1d5c1a4-3c1e-4c8e-9a55-111111111111' }),
        ],
      },
      'twice',
    ],
  ])('refuse %s', (_name, body, message) => {
    const parsed = turfCutSchema.safeParse({ region_id: crypto.randomUUID(), ...(body as object) });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(message);
  });

  it('take an edit of any of a turf’s fields, and nothing else', () => {
    const id = crypto.randomUUID();
    expect(turfEditSchema.safeParse({ id, name: 'South' }).success).toBe(true);
    expect(turfEditSchema.safeParse({ id, region_id: crypto.randomUUID() }).success).toBe(false);
  });
});
