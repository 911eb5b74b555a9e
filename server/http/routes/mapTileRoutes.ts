import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { setMapImagery } from '#server/services/mapImagery.ts';
import {
  clearMapTiles,
  openMapTiles,
  putMapTiles,
  setBaseMap,
  setMapTilesUrl,
} from '#server/services/mapTiles.ts';
import { tooLarge } from '#server/services/serviceError.ts';
import { contentRange, resolveRange } from '#src/domain/byteRange.ts';
import { mapImagerySettingSchema } from '#src/domain/schemas/mapImagery.ts';
import {
  baseMapChoiceSchema,
  MAP_TILES_MAX_BYTES,
  MAP_TILES_TOO_LARGE,
  mapTilesSettingSchema,
  mapTilesUrlInputSchema,
} from '#src/domain/schemas/mapTiles.ts';
import { defineRoute } from '../defineRoute.ts';
import { refuse } from '../respond.ts';

const fileStream = (path: string, start: number, end: number) =>
  Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;

/**
 * The org's base map archive: read in byte ranges (as PMTiles readers do), replaced by an admin's
 * upload (raw bytes, like media files), or pointed elsewhere.
 */
export const mapTileRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/map/tiles.pmtiles',
    operationId: 'getMapTiles',
    summary: 'Read the org’s uploaded base map archive, whole or in one byte range',
    description:
      'Send `Range: bytes=a-b` for part of the file (206 with Content-Range); a range past the end answers 416. ETag and `If-Range` are honoured. 404 when the org has no uploaded archive.',
    tag: 'Map',
    access: 'session',
    answer: {
      description: 'The archive.',
      content: { contentType: 'application/vnd.pmtiles', description: 'The PMTiles bytes asked for.' },
    },
    handler: async (c, { ctx, actor }) => {
      const file = await openMapTiles(ctx, actor);
      const common = {
        'Accept-Ranges': 'bytes',
        ETag: file.etag,
        // Private to the org; revalidated, though devices address each upload by its own ETag.
        'Cache-Control': 'private, no-cache',
        'Content-Type': 'application/vnd.pmtiles',
      };
      if (c.req.header('if-none-match') === file.etag && !c.req.header('range')) {
        return c.body(null, 304, common);
      }
      // A range of a file that changed since the reader's ETag is answered with the whole new file.
      const ifRange = c.req.header('if-range');
      const range =
        ifRange && ifRange !== file.etag
          ? ({ kind: 'whole' } as const)
          : resolveRange(c.req.header('range'), file.size);
      if (range.kind === 'unsatisfiable') {
        return refuse(c, range.message, 416, {
          ...common,
          'Content-Range': `bytes */${file.size}`,
        });
      }
      if (range.kind === 'whole') {
        if (file.size === 0) return c.body(new Uint8Array(0), 200, { ...common, 'Content-Length': '0' });
        return c.body(fileStream(file.path, 0, file.size - 1), 200, {
          ...common,
          'Content-Length': String(file.size),
        });
      }
      const { start, end } = range.range;
      return c.body(fileStream(file.path, start, end), 206, {
        ...common,
        'Content-Range': contentRange(range.range, file.size),
        'Content-Length': String(end - start + 1),
      });
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v2/map/tiles.pmtiles',
    operationId: 'putMapTiles',
    summary: 'Upload the org’s base map archive (admins)',
    description: 'A PMTiles version 3 file of at most 512 MB; it replaces the previous one.',
    tag: 'Map',
    access: 'session',
    rawBody: { contentTypes: ['application/octet-stream'], description: 'The .pmtiles file’s bytes.' },
    answer: {
      description: '`data`: the base map setting.',
      schema: z.object({ data: mapTilesSettingSchema }),
    },
    handler: async (c, { ctx, actor }) => {
      const declared = Number(c.req.header('content-length'));
      if (Number.isFinite(declared) && declared > MAP_TILES_MAX_BYTES) throw tooLarge(MAP_TILES_TOO_LARGE);
      return { data: await putMapTiles(ctx, actor, c.req.raw.body) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v2/map/tiles-url',
    operationId: 'setMapTilesUrl',
    summary: 'Point the org’s devices at a PMTiles archive served elsewhere (admins)',
    tag: 'Map',
    access: 'session',
    body: { name: 'MapTilesUrl', schema: mapTilesUrlInputSchema },
    answer: {
      description: '`data`: the base map setting.',
      schema: z.object({ data: mapTilesSettingSchema }),
    },
    handler: async (_c, { ctx, actor, body }) => ({ data: await setMapTilesUrl(ctx, actor, body) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v2/map/base',
    operationId: 'setBaseMap',
    summary: 'Draw a MapLibre style served elsewhere, or the built-in map, on the org’s devices (admins)',
    tag: 'Map',
    access: 'session',
    body: { name: 'BaseMapChoice', schema: baseMapChoiceSchema },
    answer: {
      description: '`data`: the base map setting.',
      schema: z.object({ data: mapTilesSettingSchema }),
    },
    handler: async (_c, { ctx, actor, body }) => ({ data: await setBaseMap(ctx, actor, body) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v2/map/imagery',
    operationId: 'setMapImagery',
    summary:
      'Choose the aerial imagery of the org’s devices: the USGS public imagery, a tile service, or none (admins)',
    description:
      '`public`: USGS The National Map imagery (public domain), the default; `url`: an https:// raster tile address with {z}, {x} and {y}, and its credit; `off`: no imagery. Devices fetch the tiles themselves.',
    tag: 'Map',
    access: 'session',
    body: { name: 'MapImagerySetting', schema: mapImagerySettingSchema },
    answer: {
      description: '`data`: the imagery setting.',
      schema: z.object({ data: mapImagerySettingSchema }),
    },
    handler: async (_c, { ctx, actor, body }) => ({ data: await setMapImagery(ctx, actor, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v2/map/tiles',
    operationId: 'clearMapTiles',
    summary: 'Go back to the default base map, the public street map (admins)',
    tag: 'Map',
    access: 'session',
    answer: { description: 'Nothing more.' },
    handler: async (_c, { ctx, actor }) => {
      await clearMapTiles(ctx, actor);
      return {};
    },
  }),
];
