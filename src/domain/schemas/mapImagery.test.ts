import { describe, expect, it } from 'vitest';
import {
  type ImagerySource,
  imagerySource,
  imageryTileUrl,
  type MapImagerySetting,
  mapImagerySettingSchema,
  USGS_IMAGERY_TILES,
} from './mapImagery.ts';

const USGS: ImagerySource = {
  tiles: USGS_IMAGERY_TILES,
  maxZoom: 16,
  tileSize: 256,
  attribution: 'Imagery: USGS The National Map',
};

describe('aerial imagery setting', () => {
  it.each<{ setting: MapImagerySetting | null; expected: ImagerySource | undefined }>([
    { setting: null, expected: USGS },
    { setting: { kind: 'public' }, expected: USGS },
    { setting: { kind: 'off' }, expected: undefined },
    {
      setting: { kind: 'url', url: 'https://a.example/{z}/{x}/{y}.jpg', attribution: 'Imagery © A' },
      expected: {
        tiles: 'https://a.example/{z}/{x}/{y}.jpg',
        maxZoom: 19,
        tileSize: 256,
        attribution: 'Imagery © A',
      },
    },
    {
      setting: { kind: 'url', url: 'https://b.example/tiles/{z}/{y}/{x}' },
      expected: {
        tiles: 'https://b.example/tiles/{z}/{y}/{x}',
        maxZoom: 19,
        tileSize: 256,
        attribution: 'b.example',
      },
    },
  ])('$setting.kind draws from $expected.tiles', ({ setting, expected }) => {
    expect(imagerySource(setting)).toEqual(expected);
  });

  it('is the USGS National Map imagery by default, addressed {z}/{y}/{x}', () => {
    expect(USGS_IMAGERY_TILES).toBe(
      'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}',
    );
    expect(imageryTileUrl(USGS_IMAGERY_TILES, { z: 18, x: 49000, y: 105000 })).toBe(
      'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/18/105000/49000',
    );
  });

  it.each([
    ['https://t.example/{z}/{x}/{y}.png', true],
    ['https://t.example/{z}/{y}/{x}?key=abc', true],
    ['http://t.example/{z}/{x}/{y}.png', false],
    ['https://t.example/{z}/{x}.png', false],
    ['https://t.example/{z}/{x}/{y}/{z}.png', false],
    ['https://{z}/{x}/{y}', false],
    ['https://t.example/{z}/{x}/{y} .png', false],
    ['javascript:alert(1)//{z}/{x}/{y}', false],
  ])('accepts %s as a tile address: %s', (url, ok) => {
    expect(mapImagerySettingSchema.safeParse({ kind: 'url', url }).success).toBe(ok);
  });
});
