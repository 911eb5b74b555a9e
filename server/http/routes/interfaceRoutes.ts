import { Hono } from 'hono';
import { interfaceEditSchema, interfaceQuerySchema } from '../../../src/domain/schemas/interfaces.ts';
import type { ServiceContext } from '../../services/context.ts';
import { editInterface, getInterface } from '../../services/interfaces.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

export function interfaceRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/get', async (c) =>
    ok(c, await getInterface(ctx, c.get('caller').actor, readQuery(c, interfaceQuerySchema).key)),
  );
  app.post('/edit', async (c) =>
    ok(c, await editInterface(ctx, c.get('caller').actor, await readJson(c, interfaceEditSchema))),
  );
  return app;
}
