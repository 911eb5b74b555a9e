import { describe, expect, it } from 'vitest';
import type { LassoArea } from '../utils/lassoArea.ts';
import { MIN_WALK_ZOOM, viewArea, walkScope } from './walkScope.ts';

const VIEW = { west: -111.9, south: 33.4, east: -111.8, north: 33.5, zoom: MIN_WALK_ZOOM };
const AREA: LassoArea = viewArea({ ...VIEW, west: -111.85 });
const TURF: LassoArea = viewArea({ ...VIEW, north: 33.45 });

describe('walkScope', () => {
  const cases: [string, Parameters<typeof walkScope>, ReturnType<typeof walkScope>][] = [
    ['the turf first', [TURF, AREA, VIEW], { kind: 'turf', area: TURF }],
    ['then a drawn area', [undefined, AREA, VIEW], { kind: 'area', area: AREA }],
    ['then the view', [undefined, undefined, VIEW], { kind: 'view', area: viewArea(VIEW) }],
    ['not a view too wide', [undefined, undefined, { ...VIEW, zoom: MIN_WALK_ZOOM - 1 }], 'zoomIn'],
    ['nothing without a map', [undefined, undefined, undefined], 'none'],
  ];
  it.each(cases)('%s', (_name, args, expected) => {
    expect(walkScope(...args)).toEqual(expected);
  });

  it('closes the view’s ring', () => {
    const ring = viewArea(VIEW).coordinates[0] ?? [];
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
  });
});
