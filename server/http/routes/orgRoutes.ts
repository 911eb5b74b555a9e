import { orgChoices } from '#server/services/orgs.ts';
import { defineRoute } from '../defineRoute.ts';

export const orgRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/orgs/list',
    operationId: 'listOrgs',
    summary: 'List the orgs the caller may act in',
    tag: 'Orgs',
    access: 'session',
    answer: { description: '`data`: the orgs.' },
    handler: async (_c, { ctx, actor }) => ({ data: await orgChoices(ctx, actor) }),
  }),
];
