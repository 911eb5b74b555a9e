/**
 * A small street map in the Protomaps basemap schema (earth, landuse, water, roads with names,
 * buildings) around a point, cut into vector tiles and packed into a PMTiles archive.
 */
import GeoJSONVT from 'geojson-vt';
import vtpbf from 'vt-pbf';
import { type BBox, listTiles } from '#src/domain/tileMath.ts';
import { writePmtiles } from './pmtilesWriter.ts';

type Feature = GeoJSON.Feature<GeoJSON.Geometry, Record<string, unknown>>;
const collection = (features: Feature[]): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features,
});
const box = (w: number, s: number, e: number, n: number): GeoJSON.Polygon => ({
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

/** Streets on a grid around the centre, a park, a pond and a row of houses. */
export function streetLayers([lng, lat]: [number, number]) {
  const d = 0.004;
  const streets: Feature[] = [-2, -1, 0, 1, 2].flatMap((i) => [
    {
      type: 'Feature',
      properties: { kind: 'minor_road', name: `Test Street ${i + 3}` },
      geometry: {
        type: 'LineString',
        coordinates: [
          [lng - 3 * d, lat + i * d],
          [lng + 3 * d, lat + i * d],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { kind: i === 0 ? 'major_road' : 'minor_road', name: `Test Avenue ${i + 3}` },
      geometry: {
        type: 'LineString',
        coordinates: [
          [lng + i * d, lat - 3 * d],
          [lng + i * d, lat + 3 * d],
        ],
      },
    },
  ]);
  const houses: Feature[] = [0, 1, 2, 3].map((i) => ({
    type: 'Feature',
    properties: { kind: 'building' },
    geometry: box(lng + d * (0.2 + i * 0.2), lat + d * 0.2, lng + d * (0.33 + i * 0.2), lat + d * 0.4),
  }));
  return {
    earth: collection([
      { type: 'Feature', properties: { kind: 'earth' }, geometry: box(lng - 1, lat - 1, lng + 1, lat + 1) },
    ]),
    landuse: collection([
      {
        type: 'Feature',
        properties: { kind: 'park' },
        geometry: box(lng - 2 * d, lat - 2 * d, lng - d, lat - d),
      },
    ]),
    water: collection([
      {
        type: 'Feature',
        properties: { kind: 'water' },
        geometry: box(lng + d, lat - 2 * d, lng + 2 * d, lat - d),
      },
    ]),
    roads: collection(streets),
    buildings: collection(houses),
  };
}

export interface StreetArchive {
  bytes: Uint8Array;
  bbox: BBox;
  tileCount: number;
}

/** The archive covering `bbox` at every zoom from minZoom to maxZoom. */
export function streetArchive(options: {
  center: [number, number];
  bbox: BBox;
  minZoom: number;
  maxZoom: number;
  leafSize?: number;
  compression?: 'gzip' | 'none';
}): StreetArchive {
  const layers = Object.entries(streetLayers(options.center)).map(
    ([name, data]) =>
      [name, new GeoJSONVT(data, { maxZoom: options.maxZoom, indexMaxZoom: options.maxZoom })] as const,
  );
  const tiles = [];
  for (const { z, x, y } of listTiles(options.bbox, options.minZoom, options.maxZoom)) {
    const tileLayers: Record<string, unknown> = {};
    for (const [name, index] of layers) {
      const tile = index.getTile(z, x, y);
      if (tile) tileLayers[name] = tile;
    }
    tiles.push({ z, x, y, data: new Uint8Array(vtpbf.fromGeojsonVt(tileLayers, { version: 2 })) });
  }
  const bytes = writePmtiles({
    tiles,
    bounds: [...options.bbox] as [number, number, number, number],
    leafSize: options.leafSize,
    compression: options.compression,
    metadata: { name: 'Test streets', attribution: '© OpenStreetMap contributors' },
  });
  return { bytes, bbox: options.bbox, tileCount: tiles.length };
}
