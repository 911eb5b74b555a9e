/**
 * Where map files are kept on the device (Cache API names), shared by the service worker and the
 * page that saves areas for offline use.
 */

/** Tiles and map files cached as the map is viewed online; old ones expire. */
export const VIEWED_MAP_CACHE = 'map-tiles';
/** Tiles and map files of the areas saved for offline use; kept until their area is removed. */
export const SAVED_MAP_CACHE = 'map-tiles-saved';

/** A tile address: …/{z}/{x}/{y} with an optional @2x and image or vector tile extension. */
const TILE_PATH = /\/\d+\/\d+\/\d+(@2x)?(\.(png|jpg|jpeg|webp|pbf|mvt))?$/;

export function isTilePath(pathname: string): boolean {
  return TILE_PATH.test(pathname);
}
