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

/**
 * What the style of a base map depends on, as one comparable string: the map keeps its style
 * while this stays the same. The built-in map drawn while the org's choice is read and the
 * built-in map chosen are one style, so reading the choice does not restyle the opening map.
 */
export function baseMapStyleKey(baseMap: BaseMap | undefined, dark: boolean): string {
  const scheme = dark ? 'dark' : 'light';
  switch (baseMap?.kind) {
    case 'pmtiles':
      return `pmtiles ${scheme} ${baseMap.url}`;
    case 'style':
      return `style ${baseMap.styleUrl}`;
    default:
      return `builtin ${scheme}`;
  }
}
