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

/**
 * Byte ranges of a map archive (PMTiles): MapLibre reads the archive's header, directories and
 * tiles as HTTP range requests, each kept under its own key (`rangeCacheKey`).
 */
export function isArchiveRangeRequest(url: URL, headers: Headers): boolean {
  return url.pathname.endsWith('.pmtiles') && headers.has('range');
}

/** Where a kept range says which bytes of the file it holds. */
export const KEPT_RANGE_HEADER = 'x-content-range';

/**
 * A range answer (206) as the Cache API can keep it — it refuses partial answers — so as a 200
 * holding the range's bytes and where they lie in the file; undefined for anything but a 206.
 */
export async function keepableRange(response: Response): Promise<Response | undefined> {
  const range = response.headers.get('content-range');
  if (response.status !== 206 || !range) return undefined;
  const headers = new Headers({ [KEPT_RANGE_HEADER]: range });
  for (const name of ['content-type', 'etag', 'last-modified']) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(await response.arrayBuffer(), { status: 200, headers });
}

/** A kept range answered as the server did: 206 with its Content-Range. */
export function keptRangeAnswer(kept: Response): Response {
  const range = kept.headers.get(KEPT_RANGE_HEADER) ?? '';
  const headers = new Headers(kept.headers);
  headers.delete(KEPT_RANGE_HEADER);
  headers.set('content-range', range);
  headers.set('accept-ranges', 'bytes');
  const match = /^bytes (\d+)-(\d+)\//.exec(range);
  if (match) headers.set('content-length', String(Number(match[2]) - Number(match[1]) + 1));
  return new Response(kept.body, { status: 206, headers });
}
