import { Hono } from 'hono';
import { z } from 'zod';
import { MEDIA_MAX_BYTES } from '../../../src/domain/media.ts';
import { uuidSchema } from '../../../src/domain/schemas/common.ts';
import type { ServiceContext } from '../../services/context.ts';
import { getMediaContent, putMediaContent } from '../../services/media.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { limitBody } from '../requestBody.ts';
import { ok } from '../respond.ts';
import { parse } from '../validate.ts';

const TOO_LARGE = 'The file is larger than 15 MB. Attach a smaller photo or document.';
const idParam = z.object({ id: uuidSchema });

/** Files of leads: raw bytes in, raw bytes out (`?thumb=1` for the thumbnail). */
export function mediaRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.put('/:id/content', limitBody({ maxSize: MEDIA_MAX_BYTES, message: TOO_LARGE }), async (c) => {
    const { id } = parse(idParam, { id: c.req.param('id') });
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const answer = await putMediaContent(ctx, c.get('caller').actor, {
      id,
      mimetype: c.req.header('content-type') ?? '',
      bytes,
      thumb: c.req.query('thumb') === '1',
    });
    return ok(c, answer);
  });
  app.get('/:id/content', async (c) => {
    const { id } = parse(idParam, { id: c.req.param('id') });
    const file = await getMediaContent(ctx, c.get('caller').actor, id, c.req.query('thumb') === '1');
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.mimetype,
      'Content-Length': String(file.bytes.byteLength),
      // Private: a file is only for the people who may see its lead.
      'Cache-Control': 'private, max-age=86400',
      'Content-Disposition': 'inline',
    });
  });
  return app;
}
