/**
 * The built-in base map, for when no tile style is configured: drawn from the public-domain
 * geography shipped in /geo (US states here; counties, ZIP codes and cities are layers the user
 * turns on). It needs no tile server and no font server: labels are drawn as images
 * (labelImages.ts), so the map is useful offline from the first start. The style holds only what
 * the first frame needs; the state names (StateLabels) come once the pins are drawn.
 */
import type { StyleSpecification } from 'maplibre-gl';

export function offlineStyle(dark: boolean): StyleSpecification {
  return {
    version: 8,
    name: 'Home Service CRM offline',
    sources: {
      // Outlines drawn at 1:10m need no finer tiles than zoom 8: above it they are scaled up.
      states: { type: 'geojson', data: '/geo/states.json', maxzoom: 8 },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': dark ? '#1f2530' : '#eef2f5' } },
      {
        id: 'states-fill',
        type: 'fill',
        source: 'states',
        paint: { 'fill-color': dark ? '#2a3140' : '#fbfbf8' },
      },
      {
        id: 'states-line',
        type: 'line',
        source: 'states',
        paint: { 'line-color': dark ? '#58627a' : '#9aa5b1', 'line-width': 1.2 },
      },
    ],
  };
}
