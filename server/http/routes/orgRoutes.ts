import { Hono } from 'hono';
import type { ServiceContext } from '../../services/context.ts';
import { orgChoices } from '../../services/orgs.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';

export function orgRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/list', async (c) => ok(c, { data: await orgChoices(ctx, c.get('caller').actor) }));
  return app;
}
