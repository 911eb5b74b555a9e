import { tileToBBOX } from '@mapbox/tilebelt';
import { describe, expect, it } from 'vitest';
import {
  type BBox,
  countTiles,
  DEFAULT_TILE_BYTES,
  defaultMaxZoom,
  listTiles,
  MAX_AREA_TILES,
  maxZoomChoices,
  normaliseBBox,
  planArea,
  sourceZoomRange,
  tileRanges,
} from './tileMath.ts';

const WORLD: BBox = [-180, -85, 180, 85];
/** Central Phoenix, as the map shows it at zoom 12 on a phone. */
const PHOENIX: BBox = [-112.12, 33.42, -112.02, 33.49];
const vector = { tileSize: 512, minzoom: 0, maxzoom: 14 };
const raster256 = { tileSize: 256, minzoom: 0, maxzoom: 19 };

describe('tiles covering a box', () => {
  it('counts the whole world as 1, 4 and 16 tiles at zooms 0 to 2', () => {
    expect(countTiles(WORLD, 0, 0)).toBe(1);
    expect(countTiles(WORLD, 1, 1)).toBe(4);
    expect(countTiles(WORLD, 2, 2)).toBe(16);
    expect(countTiles(WORLD, 0, 2)).toBe(21);
    expect([...listTiles(WORLD, 0, 2)]).toHaveLength(21);
  });

  it('does not pull in the neighbour of a tile whose edges the box lies on', () => {
    // Every edge on a tile edge: 0°, the equator, 90° and the top of row 1 at zoom 2.
    const box: BBox = [0, 0, 90, 66.51326044311186];
    expect([...listTiles(box, 1, 1)]).toEqual([{ z: 1, x: 1, y: 0 }]);
    expect([...listTiles(box, 2, 2)]).toEqual([{ z: 2, x: 2, y: 1 }]);
  });

  it('lists exactly the tiles that overlap the box, no more, no fewer', () => {
    for (let z = 10; z <= 15; z++) {
      const tiles = [...listTiles(PHOENIX, z, z)];
      expect(tiles.length).toBe(countTiles(PHOENIX, z, z));
      const listed = new Set(tiles.map((t) => `${t.x}/${t.y}`));
      const [range] = tileRanges(PHOENIX, z);
      if (!range) throw new Error('no range');
      // Every tile in and around the range: listed exactly when it overlaps the box.
      for (let x = range.minX - 1; x <= range.maxX + 1; x++) {
        for (let y = range.minY - 1; y <= range.maxY + 1; y++) {
          const [w, s, e, n] = tileToBBOX([x, y, z]);
          const overlaps = w < PHOENIX[2] && e > PHOENIX[0] && s < PHOENIX[3] && n > PHOENIX[1];
          expect(listed.has(`${x}/${y}`)).toBe(overlaps);
        }
      }
    }
    expect(tileRanges(PHOENIX, 12)).toEqual([{ z: 12, minX: 772, maxX: 773, minY: 1643, maxY: 1644 }]);
    expect(countTiles(PHOENIX, 12, 16)).toBe(4 + 9 + 25 + 90 + 304);
  });

  it('splits a box across the antimeridian, also as the map gives it (past 180°)', () => {
    expect(normaliseBBox([170, -10, -170, 10])).toEqual([
      [170, -10, 180, 10],
      [-180, -10, -170, 10],
    ]);
    expect(countTiles([170, -10, -170, 10], 1, 1)).toBe(4);
    expect(countTiles([170, -10, 190, 10], 1, 1)).toBe(4);
    expect(normaliseBBox([-200, 0, -160, 10])).toEqual([
      [160, 0, 180, 10],
      [-180, 0, -160, 10],
    ]);
    expect(normaliseBBox([0, 0, 180, 10])).toEqual([[0, 0, 180, 10]]);
    expect(normaliseBBox([-400, 0, 400, 10])).toEqual([[-180, 0, 180, 10]]);
  });

  it('clamps latitudes to Web Mercator', () => {
    expect(normaliseBBox([-10, -90, 10, 90])).toEqual([[-10, -85.0511287798066, 10, 85.0511287798066]]);
    expect(countTiles([-180, -90, 180, 90], 3, 3)).toBe(64);
  });

  it('refuses what is not a box or not a zoom', () => {
    expect(normaliseBBox([Number.NaN, 0, 1, 1])).toBeUndefined();
    expect(normaliseBBox([0, 10, 1, 5])).toBeUndefined();
    expect(normaliseBBox([0, -95, 1, 5])).toBeUndefined();
    expect(normaliseBBox([0, 0, Number.POSITIVE_INFINITY, 5])).toBeUndefined();
    expect(tileRanges([0, 10, 1, 5], 3)).toEqual([]);
    expect(countTiles(PHOENIX, 5, 4)).toBe(0);
    expect(countTiles(PHOENIX, 1.5, 4)).toBe(0);
    expect(countTiles(PHOENIX, 0, 25)).toBe(0);
    expect(countTiles(PHOENIX, -1, 3)).toBe(0);
    expect([...listTiles(PHOENIX, 3, 2)]).toEqual([]);
  });
});

describe('zooms of a source', () => {
  it('goes one zoom deeper for 256 px tiles and stops at the source maxzoom', () => {
    expect(sourceZoomRange(vector, 12.6, 16)).toEqual([12, 14]);
    expect(sourceZoomRange(raster256, 12.6, 16)).toEqual([13, 17]);
    expect(sourceZoomRange({ tileSize: 512, minzoom: 15, maxzoom: 22 }, 9, 12)).toBeUndefined();
  });
});

describe('an area plan', () => {
  it('counts tiles of every source and estimates their size', () => {
    const plan = planArea(PHOENIX, 12.3, 14, [vector, raster256]);
    const expected = countTiles(PHOENIX, 12, 14) + countTiles(PHOENIX, 13, 15);
    expect(plan).toEqual({ tiles: expected, bytes: expected * DEFAULT_TILE_BYTES, problem: undefined });
    expect(planArea(PHOENIX, 12.3, 14, [vector], 1000).bytes).toBe(countTiles(PHOENIX, 12, 14) * 1000);
    // A measured average that makes no sense falls back to the default.
    expect(planArea(PHOENIX, 12.3, 14, [vector], Number.NaN).bytes).toBe(
      countTiles(PHOENIX, 12, 14) * DEFAULT_TILE_BYTES,
    );
  });

  it('refuses an area over the tile cap, saying how many tiles it would take', () => {
    const metro: BBox = [-112.6, 33.2, -111.6, 33.8];
    const plan = planArea(metro, 10, 16, [raster256]);
    expect(plan.tiles).toBeGreaterThan(MAX_AREA_TILES);
    expect(plan.problem).toEqual({ kind: 'tooManyTiles', count: plan.tiles, max: MAX_AREA_TILES });
    expect(planArea(metro, 10, 13, [raster256]).problem).toBeUndefined();
    expect(planArea(PHOENIX, 12, 14, [vector], DEFAULT_TILE_BYTES, 3).problem).toMatchObject({
      kind: 'tooManyTiles',
    });
  });

  it('refuses a bad box or zoom', () => {
    expect(planArea([0, 10, 1, 5], 3, 5, [vector]).problem).toEqual({ kind: 'invalidArea' });
    expect(planArea(PHOENIX, 12, 11, [vector]).problem).toEqual({ kind: 'invalidZoom' });
    expect(planArea(PHOENIX, Number.NaN, 14, [vector]).problem).toEqual({ kind: 'invalidZoom' });
    expect(planArea(PHOENIX, 12, 14.5, [vector]).problem).toEqual({ kind: 'invalidZoom' });
  });
});

describe('max zoom choices', () => {
  it('offers up to four zooms deeper, capped at the style', () => {
    expect(maxZoomChoices(9.4, 22)).toEqual([9, 10, 11, 12, 13]);
    expect(maxZoomChoices(12, 14)).toEqual([12, 13, 14]);
    expect(maxZoomChoices(15, 14)).toEqual([]);
    expect(maxZoomChoices(Number.NaN, 14)).toEqual([]);
  });

  it('defaults to street level, else the deepest choice', () => {
    expect(defaultMaxZoom([13, 14, 15, 16, 17])).toBe(16);
    expect(defaultMaxZoom([9, 10, 11, 12, 13])).toBe(13);
    expect(defaultMaxZoom([17, 18])).toBe(17);
    expect(defaultMaxZoom([])).toBeUndefined();
  });
});
