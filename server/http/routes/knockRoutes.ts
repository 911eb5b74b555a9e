import { Hono } from 'hono';
import { fieldTimeQuerySchema } from '../../../src/domain/schemas/knocks.ts';
import type { ServiceContext } from '../../services/context.ts';
import { fieldTime } from '../../services/knocks.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readQuery } from '../validate.ts';

/** Knock quality figures only the server holds: time in field from every device's tracked paths. */
export function knockRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/field-time', async (c) =>
    ok(c, await fieldTime(ctx, c.get('caller').actor, readQuery(c, fieldTimeQuerySchema))),
  );
  return app;
}
