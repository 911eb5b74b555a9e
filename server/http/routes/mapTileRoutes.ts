import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { contentRange, resolveRange } from '../../../src/domain/byteRange.ts';
import {
  MAP_TILES_MAX_BYTES,
  MAP_TILES_TOO_LARGE,
  mapTilesUrlInputSchema,
} from '../../../src/domain/schemas/mapTiles.ts';
import type { ServiceContext } from '../../services/context.ts';
import { clearMapTiles, openMapTiles, putMapTiles, setMapTilesUrl } from '../../services/mapTiles.ts';
import { tooLarge } from '../../services/serviceError.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson } from '../validate.ts';

const fileStream = (path: string, start: number, end: number) =>
  Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;

/**
 * The org's base map archive: read in byte ranges (as PMTiles readers do), replaced by an admin's
 * upload (raw bytes, like media files), or pointed elsewhere.
 */
export function mapTileRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();

  app.get('/tiles.pmtiles', async (c) => {
    const file = await openMapTiles(ctx, c.get('caller').actor);
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
      return c.json({ success: false, message: range.message }, 416, {
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
  });

  app.put('/tiles.pmtiles', async (c) => {
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > MAP_TILES_MAX_BYTES) throw tooLarge(MAP_TILES_TOO_LARGE);
    const setting = await putMapTiles(ctx, c.get('caller').actor, c.req.raw.body);
    return ok(c, { data: setting });
  });

  app.put('/tiles-url', async (c) => {
    const setting = await setMapTilesUrl(
      ctx,
      c.get('caller').actor,
      await readJson(c, mapTilesUrlInputSchema),
    );
    return ok(c, { data: setting });
  });

  app.delete('/tiles', async (c) => {
    await clearMapTiles(ctx, c.get('caller').actor);
    return ok(c, {});
  });

  return app;
}
