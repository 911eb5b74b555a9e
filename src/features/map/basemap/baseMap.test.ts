import { describe, expect, it } from 'vitest';
import { BUILTIN_DEFAULT, DEFAULT_STREET_STYLE, type MapTilesSetting } from '#src/domain/schemas/mapTiles.ts';
import { baseMapStyleKey } from './baseMapStyle.ts';
import { type BaseMap, chooseBaseMap, savableStyleUrl } from './chooseBaseMap.ts';
import { OSM_ATTRIBUTION, streetStyle } from './streetStyle.ts';

const upload: MapTilesSetting = {
  kind: 'upload',
  etag: '"abc123"',
  size: 1000,
  uploaded_at: '2026-11-24T10:00:00.000Z',
  min_zoom: 0,
  max_zoom: 15,
  bounds: [-112.4, 33.2, -111.6, 33.8],
};

describe('which base map a device draws', () => {
  it.each<{ setting: MapTilesSetting | null; byDefault?: string; expected: BaseMap }>([
    {
      setting: upload,
      byDefault: 'https://maps.example.com/style.json',
      expected: {
        kind: 'pmtiles',
        url: 'https://crm.example/api/v2/map/tiles.pmtiles?v=abc123',
        setting: upload,
      },
    },
    {
      setting: { kind: 'url', url: 'https://tiles.example.com/phoenix.pmtiles' },
      expected: {
        kind: 'pmtiles',
        url: 'https://tiles.example.com/phoenix.pmtiles',
        setting: { kind: 'url', url: 'https://tiles.example.com/phoenix.pmtiles' },
      },
    },
    {
      setting: { kind: 'style', url: 'https://org.example/style.json' },
      byDefault: 'https://maps.example.com/style.json',
      expected: { kind: 'style', styleUrl: 'https://org.example/style.json' },
    },
    { setting: { kind: 'builtin' }, expected: { kind: 'builtin' } },
    { setting: null, expected: { kind: 'style', styleUrl: DEFAULT_STREET_STYLE } },
    {
      setting: null,
      byDefault: 'https://maps.example.com/style.json',
      expected: { kind: 'style', styleUrl: 'https://maps.example.com/style.json' },
    },
    { setting: null, byDefault: BUILTIN_DEFAULT, expected: { kind: 'builtin' } },
  ])(
    'draws $expected.kind for the setting $setting.kind (deployment default $byDefault)',
    ({ setting, byDefault, expected }) => {
      expect(chooseBaseMap(setting, byDefault, 'https://crm.example')).toEqual(expected);
    },
  );

  it('draws the public street map by default, a keyless OpenStreetMap style', () => {
    expect(DEFAULT_STREET_STYLE).toBe('https://tiles.openfreemap.org/styles/liberty');
  });

  it('draws streets, buildings, water and land use from the archive, credits OpenStreetMap, and needs no font or sprite host', () => {
    const style = streetStyle('pmtiles://https://crm.example/api/v2/map/tiles.pmtiles?v=1', false);
    expect(style.sources.basemap).toEqual({
      type: 'vector',
      url: 'pmtiles://https://crm.example/api/v2/map/tiles.pmtiles?v=1',
      attribution: OSM_ATTRIBUTION,
    });
    expect(OSM_ATTRIBUTION).toContain('OpenStreetMap');
    const sourceLayers = new Set(
      style.layers.map((l) => ('source-layer' in l ? l['source-layer'] : undefined)),
    );
    for (const layer of ['roads', 'buildings', 'water', 'landuse', 'earth'])
      expect(sourceLayers).toContain(layer);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    // Street names are images drawn by the app, never text needing glyphs.
    const symbols = style.layers.filter((l) => l.type === 'symbol');
    expect(symbols.map((l) => l.id)).toEqual(['street-names']);
    expect(symbols.every((l) => !('text-field' in (l.layout ?? {})))).toBe(true);
    expect(streetStyle('pmtiles://x', true).layers).not.toEqual(style.layers);
  });
});

describe('the base map a device can save for offline use', () => {
  it.each<{ baseMap: BaseMap | undefined; expected: string | undefined }>([
    {
      baseMap: { kind: 'pmtiles', url: 'https://crm.example/api/v2/map/tiles.pmtiles?v=1', setting: upload },
      expected: 'pmtiles://https://crm.example/api/v2/map/tiles.pmtiles?v=1',
    },
    {
      baseMap: { kind: 'style', styleUrl: 'https://maps.example.com/style.json' },
      expected: 'https://maps.example.com/style.json',
    },
    { baseMap: { kind: 'builtin' }, expected: undefined },
    { baseMap: undefined, expected: undefined },
  ])('$baseMap.kind saves $expected', ({ baseMap, expected }) => {
    expect(savableStyleUrl(baseMap)).toBe(expected);
  });
});

describe('when the map keeps its style', () => {
  const pmtiles: BaseMap = {
    kind: 'pmtiles',
    url: 'https://tiles.example/phoenix.pmtiles',
    setting: { kind: 'url', url: 'https://tiles.example/phoenix.pmtiles' },
  };
  it.each<[string, BaseMap | undefined, boolean, BaseMap | undefined, boolean, boolean]>([
    [
      'the org’s choice still being read, then the built-in map',
      undefined,
      false,
      { kind: 'builtin' },
      false,
      true,
    ],
    ['the built-in map in the other scheme', { kind: 'builtin' }, false, { kind: 'builtin' }, true, false],
    [
      'the same style address',
      { kind: 'style', styleUrl: 'https://a/s.json' },
      false,
      { kind: 'style', styleUrl: 'https://a/s.json' },
      true,
      true,
    ],
    [
      'another style address',
      { kind: 'style', styleUrl: 'https://a/s.json' },
      false,
      { kind: 'style', styleUrl: 'https://b/s.json' },
      false,
      false,
    ],
    ['the org’s archive, then the built-in map', pmtiles, false, { kind: 'builtin' }, false, false],
    ['the org’s archive in the other scheme', pmtiles, false, pmtiles, true, false],
  ])('%s: same style %#', (_, before, darkBefore, after, darkAfter, same) => {
    expect(baseMapStyleKey(before, darkBefore) === baseMapStyleKey(after, darkAfter)).toBe(same);
  });
});
