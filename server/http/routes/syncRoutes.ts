import { Hono } from 'hono';
import { logsPushSchema, pullQuerySchema, pushSchema } from '../../../src/domain/schemas/sync.ts';
import type { ServiceContext } from '../../services/context.ts';
import { acceptLogs } from '../../services/logStreams.ts';
import { pull, push } from '../../services/sync.ts';
import type { AuthVariables, CallerCache } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

export function syncRoutes(ctx: ServiceContext, cache: CallerCache) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/push', async (c) => {
    const request = await readJson(c, pushSchema);
    const answer = await push(ctx, c.get('caller'), request);
    // A user's roles or teams may have changed: cached callers must be reloaded.
    if (request.mutations.some((m) => m.name === 'user.edit.v1')) cache.clear();
    return ok(c, answer);
  });
  app.get('/pull', async (c) => ok(c, await pull(ctx, c.get('caller'), readQuery(c, pullQuerySchema))));
  app.post('/logs', async (c) =>
    ok(c, await acceptLogs(ctx, c.get('caller').actor, await readJson(c, logsPushSchema))),
  );
  return app;
}
