import type { Map as MapLibreMap } from 'maplibre-gl';
import { BASEMAP_SOURCE } from './streetStyle.ts';

/**
 * Sets the performance mark `streets-drawn` (its detail: how many street features are on screen)
 * the first time the map settles with streets of the org's base map drawn, as `pins-drawn` marks
 * the pins: what the street map's browser test and benchmarks wait for.
 */
export function markStreetsDrawn(map: MapLibreMap): () => void {
  let marked = false;
  const check = () => {
    if (marked || !map.getSource(BASEMAP_SOURCE)) return;
    const layers = map
      .getStyle()
      .layers.filter((l) => 'source' in l && l.source === BASEMAP_SOURCE && l.id.startsWith('roads_'))
      .map((l) => l.id);
    const streets = map.queryRenderedFeatures({ layers });
    if (streets.length === 0) return;
    marked = true;
    performance.mark('streets-drawn', { detail: { streets: streets.length } });
  };
  map.on('idle', check);
  return () => map.off('idle', check);
}
