import { lookupRouteRule } from '#server/services/routeRules.ts';
import { routeRuleQuerySchema } from '#src/domain/routeRules.ts';
import { defineRoute } from '../defineRoute.ts';

/** `/api/v2/route-rules`: `{redirect: {to, external, status}}` for a path a rule covers, else `{redirect: null}`. */
export const routeRuleRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/route-rules',
    operationId: 'getRouteRule',
    summary: 'The redirect the deployment sets for a path of the app',
    description:
      'The app asks for a path it does not know. Rules come from the server setting ROUTE_RULES and are the same for every org; an external redirect leads only to an http(s) address.',
    tag: 'Service',
    access: 'session',
    query: routeRuleQuerySchema,
    answer: {
      description: '`redirect`: `{to, external, status}` when a rule covers the path, otherwise null.',
    },
    handler: (_c, { ctx, actor, query }) => ({ redirect: lookupRouteRule(ctx, actor, query.path) ?? null }),
  }),
];
