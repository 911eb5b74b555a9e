import { ping } from '#server/db/client.ts';
import { defineRoute } from '../defineRoute.ts';

/** `GET /api/health`: public, like the API document. */
export const serviceRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Check that the server and its database answer',
    tag: 'Service',
    access: 'public',
    answer: { description: 'The server and its database are up.' },
    handler: async (_c, { ctx }) => {
      await ping(ctx.db);
      return {};
    },
  }),
];
