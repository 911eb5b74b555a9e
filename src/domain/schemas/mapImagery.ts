/**
 * The org's aerial imagery ('Satellite' on the map, the roof on a lead's page), kept in the
 * `map_imagery` interface, which every device of the org pulls. With no setting, devices use the
 * USGS National Map imagery (public domain, no key); an admin may name another raster tile
 * service, or turn imagery off. Devices fetch the tiles themselves; the server never does.
 */
import { z } from 'zod';
import { boundedText } from './common.ts';

export const MAP_IMAGERY_KEY = 'map_imagery';

/** USGS The National Map, orthoimagery only: public domain, tiles addressed {z}/{y}/{x}. */
export const USGS_IMAGERY_TILES =
  'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}';
export const USGS_IMAGERY_ATTRIBUTION = 'Imagery: USGS The National Map';
/** The service's deepest level; the map overzooms beyond it. */
export const USGS_IMAGERY_MAX_ZOOM = 16;
/** The deepest level asked of a tile service an admin names (most aerial services end here). */
export const OWN_IMAGERY_MAX_ZOOM = 19;
export const IMAGERY_TILE_SIZE = 256;

const TEMPLATE_MESSAGE = 'must be an https:// tile address with {z}, {x} and {y}';

export const imageryUrlSchema = boundedText(2000)
  .regex(/^https:\/\/[^\s/{}]+\/[^\s]*$/, { message: TEMPLATE_MESSAGE })
  .refine((url) => ['{z}', '{x}', '{y}'].every((p) => url.split(p).length === 2), {
    message: TEMPLATE_MESSAGE,
  });

/** The setting, also the body of `PUT /api/v2/map/imagery`. */
export const mapImagerySettingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('public') }).strict(),
  z
    .object({
      kind: z.literal('url'),
      url: imageryUrlSchema,
      attribution: boundedText(300).trim().optional(),
    })
    .strict(),
  z.object({ kind: z.literal('off') }).strict(),
]);
export type MapImagerySetting = z.infer<typeof mapImagerySettingSchema>;

/** The setting of an org that has none. */
export const DEFAULT_MAP_IMAGERY: MapImagerySetting = { kind: 'public' };

/** Where a device fetches imagery tiles from, and the credit it shows with them. */
export interface ImagerySource {
  /** A tile address with {z}, {x} and {y}. */
  tiles: string;
  maxZoom: number;
  tileSize: number;
  attribution: string;
}

/** The tile source of a setting (null or undefined: the default); undefined when imagery is off. */
export function imagerySource(setting: MapImagerySetting | null | undefined): ImagerySource | undefined {
  const shown = setting ?? DEFAULT_MAP_IMAGERY;
  switch (shown.kind) {
    case 'public':
      return {
        tiles: USGS_IMAGERY_TILES,
        maxZoom: USGS_IMAGERY_MAX_ZOOM,
        tileSize: IMAGERY_TILE_SIZE,
        attribution: USGS_IMAGERY_ATTRIBUTION,
      };
    case 'url':
      return {
        tiles: shown.url,
        maxZoom: OWN_IMAGERY_MAX_ZOOM,
        tileSize: IMAGERY_TILE_SIZE,
        attribution: shown.attribution || (shown.url.split('/')[2] ?? shown.url),
      };
    case 'off':
      return undefined;
  }
}

/** One tile's address from a template. */
export function imageryTileUrl(template: string, tile: { z: number; x: number; y: number }): string {
  return template
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}
