import { getPaths } from '#server/services/paths.ts';
import { pathQuerySchema } from '#src/domain/schemas/paths.ts';
import { defineRoute } from '../defineRoute.ts';

export const pathRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/paths/get',
    operationId: 'getPaths',
    summary: 'Read the paths users walked on a day',
    tag: 'Field',
    access: 'session',
    query: pathQuerySchema,
    answer: { description: 'The paths with their points.' },
    handler: (_c, { ctx, actor, query }) => getPaths(ctx, actor, query),
  }),
];
