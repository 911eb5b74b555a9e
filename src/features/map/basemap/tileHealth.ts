/**
 * Whether a street map whose style answered can draw anything: offline with the style kept from an
 * earlier visit but not the area's tiles, or with a tile service that refuses every tile, the map
 * would show an empty canvas under the pins. A few tile failures before any tile has loaded give
 * way to the built-in geography, as a style that cannot be reached does (useReachableBaseMap.ts).
 * One tile that loads (a saved area, a cached street) keeps the street map. Pure.
 */

/** What the street map's tiles have done since its style was set. */
export interface TileHealth {
  /** The style the counts are of; another style starts from nothing. */
  style: string | undefined;
  loaded: number;
  failed: number;
}

/** Failed tiles, with none loaded, after which the street map is given up for the page. */
export const FAILED_TILES_TO_GIVE_UP = 4;

export const NO_TILES: TileHealth = { style: undefined, loaded: 0, failed: 0 };

/** The counts after one tile of `style` loaded or failed. */
export function noteTile(health: TileHealth, style: string, outcome: 'loaded' | 'failed'): TileHealth {
  const counts = health.style === style ? health : { style, loaded: 0, failed: 0 };
  return outcome === 'loaded'
    ? { ...counts, loaded: counts.loaded + 1 }
    : { ...counts, failed: counts.failed + 1 };
}

/** Whether the street map has shown it cannot draw: only failures, enough of them. */
export function streetTilesUnreachable(health: TileHealth): boolean {
  return health.loaded === 0 && health.failed >= FAILED_TILES_TO_GIVE_UP;
}

/** Sources whose tiles are the base map's: tiled ones other than the app's own imagery layer. */
export function isStreetTileSource(type: string | undefined, id: string, imageryId: string): boolean {
  return id !== imageryId && (type === 'vector' || type === 'raster' || type === 'raster-dem');
}
