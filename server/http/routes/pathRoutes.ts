import { Hono } from 'hono';
import { pathQuerySchema } from '../../../src/domain/schemas/paths.ts';
import type { ServiceContext } from '../../services/context.ts';
import { getPaths } from '../../services/paths.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readQuery } from '../validate.ts';

export function pathRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/get', async (c) =>
    ok(c, await getPaths(ctx, c.get('caller').actor, readQuery(c, pathQuerySchema))),
  );
  return app;
}
