/**
 * The org's base map, kept in the `map_tiles` interface, which every device of the org pulls: a
 * PMTiles archive uploaded to the app or served elsewhere, a MapLibre style served elsewhere, or
 * the built-in geography. With no setting, devices draw the public street map
 * (`DEFAULT_STREET_STYLE`, or the build's `VITE_MAP_STYLE_URL`).
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

/**
 * The public street map drawn when an org has chosen nothing: OpenFreeMap's OpenStreetMap style
 * (https://openfreemap.org: no key, no request limit, attribution required — its sources carry
 * it, and the map shows it).
 */
export const DEFAULT_STREET_STYLE = 'https://tiles.openfreemap.org/styles/liberty';

/** The value of the build's `VITE_MAP_STYLE_URL` that makes the built-in geography the default. */
export const BUILTIN_DEFAULT = 'builtin';

/**
 * The base map of an org that chose none: the build's `VITE_MAP_STYLE_URL` (a style address, or
 * `builtin`), else the public street map.
 */
export function defaultBaseMap(buildStyle: string | undefined): BaseMapChoice {
  if (buildStyle === BUILTIN_DEFAULT) return { kind: 'builtin' };
  return { kind: 'style', url: buildStyle ?? DEFAULT_STREET_STYLE };
}

/** A base map chosen by its address or as the built-in one (`PUT /api/v2/map/base`). */
export const baseMapChoiceSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('style'),
      url: boundedText(2000).regex(/^https:\/\/[^\s]+$/, {
        message: 'must be an https:// address of a MapLibre style (style.json)',
      }),
    })
    .strict(),
  z.object({ kind: z.literal('builtin') }).strict(),
]);
export type BaseMapChoice = z.infer<typeof baseMapChoiceSchema>;

export const mapTilesSettingSchema = z.discriminatedUnion('kind', [
  mapTilesUploadSchema,
  z.object({ kind: z.literal('url'), url: mapTilesUrlInputSchema.shape.url }),
  ...baseMapChoiceSchema.options,
]);
export type MapTilesSetting = z.infer<typeof mapTilesSettingSchema>;

/** The archive's address for a device: the uploaded file (versioned by its ETag) or the external one. */
export function mapTilesUrl(
  setting: Extract<MapTilesSetting, { kind: 'upload' | 'url' }>,
  origin: string,
): string {
  if (setting.kind === 'url') return setting.url;
  const url = new URL(MAP_TILES_PATH, origin);
  url.searchParams.set('v', setting.etag.replace(/"/g, ''));
  return url.href;
}
