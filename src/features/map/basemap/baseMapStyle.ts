import type { StyleSpecification } from 'maplibre-gl';
import { offlineStyle } from '../utils/offlineStyle.ts';
import type { BaseMap } from './chooseBaseMap.ts';
import { pmtilesSourceUrl } from './pmtilesProtocol.ts';
import { streetStyle } from './streetStyle.ts';

/**
 * The map style for a base map. While the org's choice is still being read the built-in map is
 * drawn, so the map never waits for it.
 */
export function baseMapStyle(baseMap: BaseMap | undefined, dark: boolean): StyleSpecification | string {
  switch (baseMap?.kind) {
    case 'pmtiles':
      return streetStyle(pmtilesSourceUrl(baseMap.url), dark);
    case 'style':
      return baseMap.styleUrl;
    default:
      return offlineStyle(dark);
  }
}
