import { describe, expect, it } from 'vitest';
import type { MapImagerySetting } from '#src/domain/schemas/mapImagery.ts';
import { IMAGERY_LAYER_ID, IMAGERY_SOURCE_ID, imageryLayer, imageryUnavailable } from './imageryLayer.ts';

const USGS =
  'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}';

describe("the map's aerial imagery layer", () => {
  it.each<{
    setting: MapImagerySetting | null;
    tiles?: string;
    maxzoom?: number;
    attribution?: string;
  }>([
    { setting: null, tiles: USGS, maxzoom: 16, attribution: 'Imagery: USGS The National Map' },
    { setting: { kind: 'public' }, tiles: USGS, maxzoom: 16, attribution: 'Imagery: USGS The National Map' },
    {
      setting: {
        kind: 'url',
        url: 'https://aerial.example/{z}/{x}/{y}.jpg',
        attribution: '© Example Aerials',
      },
      tiles: 'https://aerial.example/{z}/{x}/{y}.jpg',
      maxzoom: 19,
      attribution: '© Example Aerials',
    },
    {
      setting: { kind: 'url', url: 'https://aerial.example/{z}/{x}/{y}.jpg' },
      tiles: 'https://aerial.example/{z}/{x}/{y}.jpg',
      maxzoom: 19,
      attribution: 'aerial.example',
    },
    { setting: { kind: 'off' } },
  ])(
    '$setting.kind: tiles $tiles up to zoom $maxzoom, credited $attribution',
    ({ setting, tiles, ...rest }) => {
      const spec = imageryLayer(setting);
      if (!tiles) {
        expect(spec).toBeUndefined();
        return;
      }
      expect(spec?.source).toEqual({ type: 'raster', tiles: [tiles], tileSize: 256, ...rest });
      expect(spec?.layer).toMatchObject({ id: IMAGERY_LAYER_ID, type: 'raster', source: IMAGERY_SOURCE_ID });
    },
  );

  it.each<{ setting: MapImagerySetting | null | undefined; reason: string | undefined }>([
    { setting: undefined, reason: undefined },
    { setting: null, reason: undefined },
    { setting: { kind: 'public' }, reason: undefined },
    { setting: { kind: 'url', url: 'https://aerial.example/{z}/{x}/{y}.jpg' }, reason: undefined },
    { setting: { kind: 'off' }, reason: 'map.imagery.off' },
  ])('Satellite for $setting.kind is unavailable: $reason', ({ setting, reason }) => {
    expect(imageryUnavailable(setting)).toBe(reason);
  });
});
