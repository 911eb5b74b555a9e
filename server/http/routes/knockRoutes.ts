import { fieldTime } from '#server/services/knocks.ts';
import { fieldTimeQuerySchema } from '#src/domain/schemas/knocks.ts';
import { defineRoute } from '../defineRoute.ts';

/** Knock quality figures only the server holds: time in field from every device's tracked paths. */
export const knockRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/knocks/field-time',
    operationId: 'getFieldTime',
    summary: 'Time in the field per user, from their tracked paths',
    tag: 'Field',
    access: 'session',
    query: fieldTimeQuerySchema,
    answer: { description: '`times`: time in the field per user.' },
    handler: (_c, { ctx, actor, query }) => fieldTime(ctx, actor, query),
  }),
];
