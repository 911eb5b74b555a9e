import { z } from 'zod';
import { setWalkRules } from '#server/services/walkRules.ts';
import { walkRulesSchema } from '#src/domain/schemas/walkRules.ts';
import { defineRoute } from '../defineRoute.ts';

/** The org's walk rules ('Plan my walk' on the map); devices learn of them through sync. */
export const walkRulesRoutes = [
  defineRoute({
    method: 'put',
    path: '/api/v2/map/walk-rules',
    operationId: 'setWalkRules',
    summary: 'Set which doors a rep’s planned walk takes (admins)',
    description:
      'A walk leaves out contacts in any of `closed_statuses`, customers (the sold stage and after) when `customers_closed`, contacts knocked or whose status changed within `cooldown_days` days, and other people’s leads not shared with the rep. Devices pull the rules with the other org settings and plan walks offline.',
    tag: 'Map',
    access: 'session',
    body: { name: 'WalkRules', schema: walkRulesSchema },
    answer: { description: '`data`: the rules as saved.', schema: z.object({ data: walkRulesSchema }) },
    handler: async (_c, { ctx, actor, body }) => ({ data: await setWalkRules(ctx, actor, body) }),
  }),
];
