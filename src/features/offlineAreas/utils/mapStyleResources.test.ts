import { describe, expect, it } from 'vitest';
import { resolveStyleResources, StyleError } from './mapStyleResources.ts';

const STYLE_URL = 'https://maps.example.com/styles/streets/style.json';

function server(documents: Record<string, unknown>) {
  const asked: string[] = [];
  const fetchJson = async (url: string) => {
    asked.push(url);
    if (!(url in documents)) throw new Error(`404 ${url}`);
    return documents[url];
  };
  return { fetchJson, asked };
}

const style = {
  version: 8,
  sprite: 'https://maps.example.com/sprites/streets',
  glyphs: 'https://maps.example.com/fonts/{fontstack}/{range}.pbf',
  sources: {
    streets: { type: 'vector', url: 'https://maps.example.com/tiles/streets.json' },
    satellite: {
      type: 'raster',
      tiles: ['https://a.sat.example.com/{z}/{x}/{y}.jpg', 'https://b.sat.example.com/{z}/{x}/{y}.jpg'],
      tileSize: 256,
      maxzoom: 19,
    },
    parcels: { type: 'geojson', data: '../data/parcels.geojson' },
    inline: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    osm: { type: 'raster', tiles: ['https://{s}.tile.example.org/{z}/{x}/{y}.png'] },
  },
  layers: [
    { id: 'bg', type: 'background' },
    { id: 'roads', type: 'line', source: 'streets', 'source-layer': 'roads' },
    { id: 'labels', type: 'symbol', layout: { 'text-field': '{name}', 'text-font': ['Noto Sans Regular'] } },
    { id: 'pois', type: 'symbol', layout: { 'text-field': '{name}' } },
    { id: 'icons', type: 'symbol', layout: { 'icon-image': 'shop' } },
  ],
};

describe('the files of a map style', () => {
  it('finds tile templates, TileJSON, sprites, glyphs and GeoJSON', async () => {
    const { fetchJson, asked } = server({
      [STYLE_URL]: style,
      'https://maps.example.com/tiles/streets.json': {
        tilejson: '3.0.0',
        tiles: ['/tiles/streets/{z}/{x}/{y}.pbf'],
        minzoom: 0,
        maxzoom: 14,
      },
    });
    const resources = await resolveStyleResources(STYLE_URL, fetchJson, 2);
    expect(asked).toEqual([STYLE_URL, 'https://maps.example.com/tiles/streets.json']);
    expect(resources.sources).toEqual([
      {
        id: 'streets',
        templates: ['https://maps.example.com/tiles/streets/{z}/{x}/{y}.pbf'],
        scheme: 'xyz',
        tileSize: 512,
        minzoom: 0,
        maxzoom: 14,
      },
      {
        id: 'satellite',
        templates: ['https://a.sat.example.com/{z}/{x}/{y}.jpg', 'https://b.sat.example.com/{z}/{x}/{y}.jpg'],
        scheme: 'xyz',
        tileSize: 256,
        minzoom: 0,
        maxzoom: 19,
      },
    ]);
    expect(resources.skipped).toEqual([{ id: 'osm', reason: 'MapLibre does not fill in {s}' }]);
    expect(resources.maxzoom).toBe(19);
    expect(resources.files).toEqual([
      STYLE_URL,
      'https://maps.example.com/tiles/streets.json',
      'https://maps.example.com/styles/data/parcels.geojson',
      'https://maps.example.com/sprites/streets@2x.json',
      'https://maps.example.com/sprites/streets@2x.png',
      'https://maps.example.com/fonts/Noto%20Sans%20Regular/0-255.pbf',
      'https://maps.example.com/fonts/Noto%20Sans%20Regular/256-511.pbf',
      'https://maps.example.com/fonts/Noto%20Sans%20Regular/8192-8447.pbf',
      'https://maps.example.com/fonts/Open%20Sans%20Regular,Arial%20Unicode%20MS%20Regular/0-255.pbf',
      'https://maps.example.com/fonts/Open%20Sans%20Regular,Arial%20Unicode%20MS%20Regular/256-511.pbf',
      'https://maps.example.com/fonts/Open%20Sans%20Regular,Arial%20Unicode%20MS%20Regular/8192-8447.pbf',
    ]);
  });

  it('keeps the style’s own zooms over the TileJSON’s, and reads several sprites', async () => {
    const { fetchJson } = server({
      [STYLE_URL]: {
        version: 8,
        sprite: [
          { id: 'default', url: 'https://maps.example.com/sprites/a' },
          { id: 'extra', url: 'https://maps.example.com/sprites/b' },
        ],
        sources: { s: { type: 'vector', url: 'tiles.json', maxzoom: 12, scheme: 'tms' } },
        layers: [],
      },
      'https://maps.example.com/styles/streets/tiles.json': {
        tiles: ['https://t.example.com/{z}/{x}/{y}'],
        maxzoom: 15,
      },
    });
    const resources = await resolveStyleResources(STYLE_URL, fetchJson, 1);
    expect(resources.sources[0]).toMatchObject({ maxzoom: 12, scheme: 'tms' });
    expect(resources.files).toEqual([
      STYLE_URL,
      'https://maps.example.com/styles/streets/tiles.json',
      'https://maps.example.com/sprites/a.json',
      'https://maps.example.com/sprites/a.png',
      'https://maps.example.com/sprites/b.json',
      'https://maps.example.com/sprites/b.png',
    ]);
  });

  it('refuses what is not a MapLibre style or a TileJSON without tiles', async () => {
    await expect(
      resolveStyleResources(STYLE_URL, server({ [STYLE_URL]: { hello: 1 } }).fetchJson),
    ).rejects.toThrow(StyleError);
    await expect(
      resolveStyleResources(STYLE_URL, server({ [STYLE_URL]: { ...style, version: 7 } }).fetchJson),
    ).rejects.toThrow('is not a MapLibre style');
    await expect(
      resolveStyleResources(
        STYLE_URL,
        server({ [STYLE_URL]: style, 'https://maps.example.com/tiles/streets.json': { tiles: [] } })
          .fetchJson,
      ),
    ).rejects.toThrow('is not a TileJSON document with tiles');
    await expect(resolveStyleResources(STYLE_URL, server({}).fetchJson)).rejects.toThrow('404');
  });
});
