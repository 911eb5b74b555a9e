/**
 * The street base map drawn from the org's PMTiles archive in the Protomaps basemap schema
 * (OpenStreetMap data): land, land use, water, roads and buildings from @protomaps/basemaps' own
 * layers, and street names drawn as images (labelImages.ts), so no font server is needed — the
 * app depends on no third-party host at run time. Other place labels are left out (they would
 * need glyphs).
 */
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

export const BASEMAP_SOURCE = 'basemap';
/** OpenStreetMap's licence asks for this credit wherever its data is shown. */
export const OSM_ATTRIBUTION =
  '<a href="https://protomaps.com">Protomaps</a> © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** Street names along their streets, from zoom 14. */
function streetNames(dark: boolean): LayerSpecification {
  return {
    id: 'street-names',
    type: 'symbol',
    source: BASEMAP_SOURCE,
    'source-layer': 'roads',
    minzoom: 14,
    filter: [
      'all',
      ['has', 'name'],
      ['in', ['get', 'kind'], ['literal', ['minor_road', 'major_road', 'highway']]],
    ],
    layout: {
      'symbol-placement': 'line',
      'symbol-spacing': 350,
      'icon-image': ['concat', dark ? 'label:dark:' : 'label:light:', ['get', 'name']],
      'icon-rotation-alignment': 'map',
      'icon-keep-upright': true,
    },
  };
}

export function streetStyle(sourceUrl: string, dark: boolean): StyleSpecification {
  return {
    version: 8,
    name: 'Home Service CRM streets',
    sources: {
      [BASEMAP_SOURCE]: { type: 'vector', url: sourceUrl, attribution: OSM_ATTRIBUTION },
    },
    layers: [
      ...(layers(BASEMAP_SOURCE, namedFlavor(dark ? 'dark' : 'light')) as LayerSpecification[]),
      streetNames(dark),
    ],
  };
}
