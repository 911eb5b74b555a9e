import { Hono } from 'hono';
import { routeRuleQuerySchema } from '../../../src/domain/routeRules.ts';
import type { ServiceContext } from '../../services/context.ts';
import { lookupRouteRule } from '../../services/routeRules.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readQuery } from '../validate.ts';

/** `/api/v2/route-rules`: `{redirect: {to, external, status}}` for a path a rule covers, else `{redirect: null}`. */
export function routeRuleRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/', (c) => {
    const { path } = readQuery(c, routeRuleQuerySchema);
    return ok(c, { redirect: lookupRouteRule(ctx, c.get('caller').actor, path) ?? null });
  });
  return app;
}
