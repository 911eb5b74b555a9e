import { describe, expect, it } from 'vitest';
import { roofPicture, worldPixel } from './roofTiles.ts';

const USGS = {
  tiles: 'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}',
  maxZoom: 16,
  tileSize: 256,
};
const OWN = { tiles: 'https://aerial.example/{z}/{x}/{y}.jpg', maxZoom: 19, tileSize: 256 };

describe('the roof picture from map tiles', () => {
  it.each([
    { position: { lng: 0, lat: 0 }, zoom: 0, x: 128, y: 128 },
    { position: { lng: -180, lat: 0 }, zoom: 1, x: 0, y: 256 },
    { position: { lng: 180, lat: 0 }, zoom: 1, x: 512, y: 256 },
    { position: { lng: 0, lat: 85.05112878 }, zoom: 2, x: 512, y: 0 },
    { position: { lng: 0, lat: 90 }, zoom: 2, x: 512, y: 0 },
  ])('places $position at world pixel ($x, $y) at zoom $zoom', ({ position, zoom, x, y }) => {
    const pixel = worldPixel(position, zoom, 256);
    expect(pixel.x).toBeCloseTo(x, 6);
    expect(pixel.y).toBeCloseTo(y, 6);
  });

  it.each([
    {
      name: 'Phoenix, own service',
      position: { lng: -112.059, lat: 33.5046 },
      source: OWN,
      zoom: 18,
      x: 49473,
      y: 105152,
    },
    // The same house from USGS, which ends at zoom 16.
    {
      name: 'Phoenix, USGS',
      position: { lng: -112.059, lat: 33.5046 },
      source: USGS,
      zoom: 16,
      x: 12368,
      y: 26288,
    },
  ])(
    '$name: zoom $zoom, centre tile ($x, $y), the position at the centre of 400×400',
    ({ position, source, zoom, x, y }) => {
      const picture = roofPicture(position, source);
      expect(picture.zoom).toBe(zoom);
      expect(picture.size).toBe(400);
      expect(picture.tiles).toHaveLength(9);
      const centre = picture.tiles[4];
      expect(centre).toMatchObject({ x, y });
      // The position's pixel within its tile lies at (200, 200) of the picture.
      const point = worldPixel(position, zoom, 256);
      expect((centre?.left ?? 0) + (point.x - x * 256)).toBeCloseTo(200, 1);
      expect((centre?.top ?? 0) + (point.y - y * 256)).toBeCloseTo(200, 1);
      // The nine tiles are a 3×3 block, 256 px apart, covering the whole picture.
      const lefts = [...new Set(picture.tiles.map((t) => t.left))];
      const tops = [...new Set(picture.tiles.map((t) => t.top))];
      expect(lefts).toHaveLength(3);
      expect(lefts[1]! - lefts[0]!).toBeCloseTo(256, 2);
      expect(tops[2]! - tops[1]!).toBeCloseTo(256, 2);
      expect(Math.min(...lefts)).toBeLessThanOrEqual(0);
      expect(Math.max(...lefts) + 256).toBeGreaterThanOrEqual(400);
      expect(Math.min(...tops)).toBeLessThanOrEqual(0);
      expect(Math.max(...tops) + 256).toBeGreaterThanOrEqual(400);
    },
  );

  it('addresses each tile as its service does ({z}/{y}/{x} for USGS)', () => {
    const picture = roofPicture({ lng: -112.059, lat: 33.5046 }, USGS);
    expect(picture.tiles[4]?.url).toBe(
      'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/16/26288/12368',
    );
    expect(roofPicture({ lng: -112.059, lat: 33.5046 }, OWN).tiles[0]?.url).toBe(
      'https://aerial.example/18/49472/105151.jpg',
    );
  });

  it.each([
    { name: 'on the corner of four tiles', lng: 0, left: 200 },
    { name: 'half a tile east of a corner', lng: 180 / 2 ** 18, left: 72 },
    { name: 'a quarter tile east of a corner', lng: 90 / 2 ** 18, left: 136 },
  ])('puts the centre tile where the position lands at the centre: $name', ({ lng, left }) => {
    const picture = roofPicture({ lng, lat: 0 }, OWN);
    expect(picture.tiles[4]).toMatchObject({ x: 2 ** 17, y: 2 ** 17, left, top: 200 });
    expect(picture.tiles[0]).toMatchObject({ x: 2 ** 17 - 1, y: 2 ** 17 - 1, left: left - 256, top: -56 });
  });

  it('wraps across the antimeridian and leaves out rows past the poles', () => {
    const east = roofPicture({ lng: 179.9999, lat: 0 }, OWN);
    expect(east.tiles.map((t) => t.x)).toContain(0);
    const north = roofPicture({ lng: 0, lat: 89 }, { ...OWN, maxZoom: 2 });
    expect(north.tiles).toHaveLength(6);
    expect(north.tiles.every((t) => t.y >= 0)).toBe(true);
  });
});
