/**
 * Writes the built-in offline base map's geography to public/geo, from public-domain sources:
 * US states and counties (US Census Bureau cartographic boundaries, via the us-atlas package) and
 * ZIP code centres with their cities (federal ZIP code database, via the zipcodes package).
 * Coordinates are rounded to 4 decimals (~10 m). Run: node scripts/makeGeography.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);
const OUT = 'public/geo';
mkdirSync(OUT, { recursive: true });

const round = (n: number) => Math.round(n * 1e4) / 1e4;
function roundCoords(value: unknown): unknown {
  if (typeof value === 'number') return round(value);
  if (Array.isArray(value)) return value.map(roundCoords);
  return value;
}

function boundaries(file: string, object: string, out: string, props: (id: string, name: string) => object) {
  const topo = JSON.parse(readFileSync(require.resolve(`us-atlas/${file}`), 'utf8')) as Topology;
  const collection = feature(topo, topo.objects[object] as never) as unknown as GeoJSON.FeatureCollection;
  const features = collection.features.map((f) => ({
    type: 'Feature',
    properties: props(String(f.id), String((f.properties as { name?: string }).name ?? '')),
    geometry: { ...f.geometry, coordinates: roundCoords((f.geometry as GeoJSON.Polygon).coordinates) },
  }));
  writeFileSync(`${OUT}/${out}`, JSON.stringify({ type: 'FeatureCollection', features }));
  console.log(`${out}: ${features.length} features`);
}

boundaries('states-10m.json', 'states', 'states.json', (id, name) => ({ id, name }));
boundaries('counties-10m.json', 'counties', 'counties.json', (id, name) => ({ id, name }));

interface Zip {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}
const { codes } = require('zipcodes/lib/codes.js') as { codes: Record<string, Zip> };
const zips = Object.values(codes).filter((z) => z.country === 'US' && Number.isFinite(z.latitude));
const point = (lng: number, lat: number) => ({ type: 'Point', coordinates: [round(lng), round(lat)] });
writeFileSync(
  `${OUT}/zips.json`,
  JSON.stringify({
    type: 'FeatureCollection',
    features: zips.map((z) => ({
      type: 'Feature',
      properties: { zip: z.zip },
      geometry: point(z.longitude, z.latitude),
    })),
  }),
);
console.log(`zips.json: ${zips.length} features`);

// A city is the centre of its ZIP codes; how many it has ranks it for labelling. Single-ZIP
// "cities" named after an organisation (a business or government ZIP) are not places.
const NOT_A_PLACE =
  /\b(corp|co|inc|bureau|univ|university|afb|lottery|irs|dept|department|service|services|company|bank|hospital|college|insurance|brm|mail|postal|national|federal|state|center|ctr)\b/i;
const cities = new Map<string, { name: string; state: string; lng: number; lat: number; zips: number }>();
for (const z of zips) {
  if (NOT_A_PLACE.test(z.city)) continue;
  const key = `${z.city}|${z.state}`;
  const c = cities.get(key) ?? { name: z.city, state: z.state, lng: 0, lat: 0, zips: 0 };
  c.lng += z.longitude;
  c.lat += z.latitude;
  c.zips += 1;
  cities.set(key, c);
}
writeFileSync(
  `${OUT}/cities.json`,
  JSON.stringify({
    type: 'FeatureCollection',
    features: [...cities.values()].map((c) => ({
      type: 'Feature',
      properties: { name: c.name, state: c.state, rank: c.zips },
      geometry: point(c.lng / c.zips, c.lat / c.zips),
    })),
  }),
);
console.log(`cities.json: ${cities.size} features`);
