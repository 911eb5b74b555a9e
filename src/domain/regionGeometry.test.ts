import { describe, expect, it } from 'vitest';
import {
  MAX_REGION_VERTICES,
  placementOrder,
  pointInRegion,
  type RegionGeometry,
  regionBounds,
  regionContaining,
  regionGeometryProblem,
} from './regionGeometry.ts';

const square = (w: number, s: number, e: number, n: number): RegionGeometry => ({
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

describe('region outlines', () => {
  const cases: [string, unknown, ReturnType<typeof regionGeometryProblem>][] = [
    ['a square', square(-112.1, 33.4, -112, 33.5), undefined],
    [
      'a triangle',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 1],
            [0, 0],
          ],
        ],
      },
      undefined,
    ],
    [
      'a square with a hole',
      {
        type: 'Polygon',
        coordinates: [square(0, 0, 4, 4).coordinates[0], square(1, 1, 2, 2).coordinates[0]],
      },
      undefined,
    ],
    [
      'two separate squares',
      { type: 'MultiPolygon', coordinates: [square(0, 0, 1, 1).coordinates, square(2, 2, 3, 3).coordinates] },
      undefined,
    ],
    [
      'a repeated point from a double click',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      undefined,
    ],
    ['nothing', null, 'notPolygon'],
    ['a point', { type: 'Point', coordinates: [0, 0] }, 'notPolygon'],
    [
      'text positions',
      {
        type: 'Polygon',
        coordinates: [
          [
            ['0', 0],
            [1, 0],
            [1, 1],
            ['0', 0],
          ],
        ],
      },
      'notPolygon',
    ],
    ['no rings', { type: 'Polygon', coordinates: [] }, 'notPolygon'],
    ['an empty multipolygon', { type: 'MultiPolygon', coordinates: [] }, 'notPolygon'],
    [
      'two points',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      'tooFewPoints',
    ],
    [
      'two points repeated',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 1],
            [0, 0],
          ],
        ],
      },
      'tooFewPoints',
    ],
    [
      'an open ring',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
      'notClosed',
    ],
    ['a latitude past the pole', square(0, 80, 1, 95), 'outOfRange'],
    ['a longitude past 180', square(179, 0, 181, 1), 'outOfRange'],
    [
      'a bow tie',
      {
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
      'selfIntersecting',
    ],
    [
      'overlapping parts',
      { type: 'MultiPolygon', coordinates: [square(0, 0, 2, 2).coordinates, square(1, 1, 3, 3).coordinates] },
      'selfIntersecting',
    ],
    [
      'points on one line',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [2, 0],
            [0, 0],
          ],
        ],
      },
      'noArea',
    ],
  ];
  it.each(cases)('%s', (_name, geometry, problem) => {
    expect(regionGeometryProblem(geometry)).toBe(problem);
  });

  it('refuses more points than the bound', () => {
    const ring: [number, number][] = Array.from({ length: MAX_REGION_VERTICES }, (_, i) => {
      const a = (2 * Math.PI * i) / MAX_REGION_VERTICES;
      return [Math.cos(a), Math.sin(a)];
    });
    ring.push(ring[0] as [number, number]);
    expect(regionGeometryProblem({ type: 'Polygon', coordinates: [ring] })).toBe('tooManyPoints');
    expect(regionGeometryProblem({ type: 'Polygon', coordinates: [[...ring.slice(0, 500), ring[0]]] })).toBe(
      undefined,
    );
  });
});

describe('points in regions', () => {
  const outer = { id: 'b-outer', geometry: square(0, 0, 10, 10) };
  const inner = { id: 'z-inner', geometry: square(2, 2, 4, 4) };
  const twin = { id: 'a-twin', geometry: square(2, 2, 4, 4) };

  it.each([
    [3, 3, true],
    [0, 5, true],
    [11, 5, false],
    [5, -1, false],
  ])('(%d, %d) in the outer square: %s', (lng, lat, inside) => {
    expect(pointInRegion(lng, lat, outer.geometry)).toBe(inside);
  });

  it('places a point in the smallest region containing it, then by id', () => {
    const ordered = placementOrder([outer, inner, twin]);
    expect(ordered.map((r) => r.id)).toEqual(['a-twin', 'z-inner', 'b-outer']);
    expect(regionContaining(ordered, 3, 3)?.id).toBe('a-twin');
    expect(regionContaining(ordered, 8, 8)?.id).toBe('b-outer');
    expect(regionContaining(ordered, 20, 20)).toBeUndefined();
  });

  it('bounds an outline', () => {
    expect(regionBounds(square(-112.1, 33.4, -112, 33.5))).toEqual([-112.1, 33.4, -112, 33.5]);
  });
});
