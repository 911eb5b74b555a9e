/**
 * The org's street base map: a PMTiles archive uploaded to the app, or the address of one served
 * elsewhere. Kept in the `map_tiles` interface, which every device of the org pulls.
 */
import { z } from 'zod';
import { boundedText } from './common.ts';

export const MAP_TILES_KEY = 'map_tiles';
/** Where the app serves the org's uploaded archive (with HTTP range requests). */
export const MAP_TILES_PATH = '/api/v2/map/tiles.pmtiles';
/** A territory extract of a metro area at street zooms weighs tens of MB; a whole state a few hundred. */
export const MAP_TILES_MAX_BYTES = 512 * 1024 * 1024;
export const MAP_TILES_TOO_LARGE =
  'The map file is larger than 512 MB. Extract a smaller territory with pmtiles extract.';

const bounds = z.tuple([z.number(), z.number(), z.number(), z.number()]);

export const mapTilesUploadSchema = z.object({
  kind: z.literal('upload'),
  /** Changes with every upload: devices address the file by it, so old cached ranges are never mixed in. */
  etag: boundedText(100),
  size: z.number().int().nonnegative(),
  uploaded_at: boundedText(40),
  min_zoom: z.number().int().min(0).max(30),
  max_zoom: z.number().int().min(0).max(30),
  bounds,
});

export const mapTilesUrlInputSchema = z
  .object({
    url: boundedText(2000).regex(/^https:\/\/[^\s]+$/, {
      message: 'must be an https:// address of a .pmtiles file',
    }),
  })
  .strict();

export const mapTilesSettingSchema = z.discriminatedUnion('kind', [
  mapTilesUploadSchema,
  z.object({ kind: z.literal('url'), url: mapTilesUrlInputSchema.shape.url }),
]);
export type MapTilesSetting = z.infer<typeof mapTilesSettingSchema>;

/** The archive's address for a device: the uploaded file (versioned by its ETag) or the external one. */
export function mapTilesUrl(setting: MapTilesSetting, origin: string): string {
  if (setting.kind === 'url') return setting.url;
  const url = new URL(MAP_TILES_PATH, origin);
  url.searchParams.set('v', setting.etag.replace(/"/g, ''));
  return url.href;
}
