/**
 * Tile URLs exactly as MapLibre asks for them, so the tiles saved for offline are the ones the
 * map requests later (the service worker finds them by URL). Pure.
 */
import type { TileId } from '#src/domain/tileMath.ts';

export type TileScheme = 'xyz' | 'tms';

/**
 * Placeholders MapLibre does not fill in. `{s}` (Leaflet's subdomains) and `{r}` (Leaflet's retina
 * suffix) stay literally in the URLs the map requests, so such a source cannot be shown and
 * there is nothing worth saving; the style has to list one URL per subdomain instead.
 */
const UNSUPPORTED_PLACEHOLDERS = ['{s}', '{r}'] as const;

export function unsupportedPlaceholder(template: string): string | undefined {
  return UNSUPPORTED_PLACEHOLDERS.find((p) => template.includes(p));
}

function quadkey({ z, x, y }: TileId): string {
  let key = '';
  for (let i = z; i > 0; i--) {
    const mask = 1 << (i - 1);
    key += String((x & mask ? 1 : 0) + (y & mask ? 2 : 0));
  }
  return key;
}

/** The tile's extent in Web Mercator metres, as `{bbox-epsg-3857}` wants it. */
function mercatorBBox({ z, x, y }: TileId): string {
  const size = (2 * Math.PI * 6378137) / 2 ** z;
  const origin = Math.PI * 6378137;
  const minX = x * size - origin;
  const maxY = origin - y * size;
  return [minX, maxY - size, minX + size, maxY].join(',');
}

/**
 * The URL of one tile: the template chosen and filled in as MapLibre does it (several templates
 * are spread by (x + y) mod n; `{ratio}` is `@2x` on high-density screens; TMS counts rows from
 * the south). Relative templates are resolved against base.
 */
export function tileUrl(
  templates: readonly string[],
  tile: TileId,
  options: { scheme?: TileScheme; pixelRatio?: number; base?: string } = {},
): string {
  if (templates.length === 0) throw new Error('A tile source needs at least one URL template.');
  const template = templates[(tile.x + tile.y) % templates.length] as string;
  const y = options.scheme === 'tms' ? 2 ** tile.z - tile.y - 1 : tile.y;
  const filled = template
    .replace(/{prefix}/g, (tile.x % 16).toString(16) + (tile.y % 16).toString(16))
    .replace(/{z}/g, String(tile.z))
    .replace(/{x}/g, String(tile.x))
    .replace(/{y}/g, String(y))
    .replace(/{ratio}/g, (options.pixelRatio ?? 1) > 1 ? '@2x' : '')
    .replace(/{quadkey}/g, quadkey(tile))
    .replace(/{bbox-epsg-3857}/g, () => mercatorBBox(tile))
    .replace(/{bbox}/g, () => mercatorBBox(tile));
  return cacheKey(filled, options.base);
}

/** A URL in the form the browser puts it on the wire (and the Cache API keys it by). */
export function cacheKey(url: string, base?: string): string {
  return new URL(url, base).href;
}
