import { z } from 'zod';
import { getMediaContent, putMediaContent } from '#server/services/media.ts';
import { MEDIA_MAX_BYTES } from '#src/domain/media.ts';
import { uuidSchema } from '#src/domain/schemas/common.ts';
import { defineRoute } from '../defineRoute.ts';
import { limitBody } from '../requestBody.ts';

const TOO_LARGE = 'The file is larger than 15 MB. Attach a smaller photo or document.';
const mediaIdSchema = z.object({ id: uuidSchema.describe('The id of the media record.') });
/** The media routes read `thumb` by hand: `1` for the thumbnail, anything else the file itself. */
const thumbQuerySchema = z.object({
  thumb: z.enum(['0', '1']).optional().describe('`1` for the thumbnail rather than the file itself.'),
});

/** Files of leads: raw bytes in, raw bytes out (`?thumb=1` for the thumbnail). */
export const mediaRoutes = [
  defineRoute({
    method: 'put',
    path: '/api/v2/media/:id/content',
    operationId: 'putMediaContent',
    summary: 'Upload the bytes of a media record (or its thumbnail)',
    description: 'At most 15 MB. The Content-Type header names the file’s type.',
    tag: 'Media',
    access: 'session',
    use: () => [limitBody({ maxSize: MEDIA_MAX_BYTES, message: TOO_LARGE })],
    params: mediaIdSchema,
    documentedQuery: thumbQuerySchema,
    rawBody: {
      contentTypes: ['image/*', 'application/pdf', 'application/octet-stream'],
      description: 'The file’s bytes.',
    },
    answer: { description: '`id`, `url` and `size` of the stored file.' },
    handler: async (c, { ctx, actor, params }) =>
      putMediaContent(ctx, actor, {
        id: params.id,
        mimetype: c.req.header('content-type') ?? '',
        bytes: new Uint8Array(await c.req.arrayBuffer()),
        thumb: c.req.query('thumb') === '1',
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/media/:id/content',
    operationId: 'getMediaContent',
    summary: 'Download the bytes of a media record (or its thumbnail)',
    tag: 'Media',
    access: 'session',
    params: mediaIdSchema,
    documentedQuery: thumbQuerySchema,
    answer: {
      description: 'The file.',
      content: {
        contentType: 'application/octet-stream',
        description: 'The file’s bytes, with its own Content-Type.',
      },
    },
    handler: async (c, { ctx, actor, params }) => {
      const file = await getMediaContent(ctx, actor, params.id, c.req.query('thumb') === '1');
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': file.mimetype,
        'Content-Length': String(file.bytes.byteLength),
        // Private: a file is only for the people who may see its lead.
        'Cache-Control': 'private, max-age=86400',
        'Content-Disposition': 'inline',
      });
    },
  }),
];
