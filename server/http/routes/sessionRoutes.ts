import { Hono, type MiddlewareHandler } from 'hono';
import { repSessionsQuerySchema, updateSessionSchema } from '../../../src/domain/schemas/logging.ts';
import type { ServiceContext } from '../../services/context.ts';
import { repActivity, repSessions, touchSession } from '../../services/sessions.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { legacyAuthToken } from '../legacyAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

/** `/api/v2/sessions`: a rep's app sessions and recent error logs (the admin user page reads it). */
export function sessionRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/rep', async (c) =>
    ok(c, await repActivity(ctx, c.get('caller').actor, readQuery(c, repSessionsQuerySchema).rep_id)),
  );
  return app;
}

/** `/api/update_session` and `/api/get_rep_sessions` (SPEC section 7, legacy data service). */
export function legacySessionRoutes(
  ctx: ServiceContext,
  authed: MiddlewareHandler<{ Variables: AuthVariables }>,
) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/update_session', legacyAuthToken, authed, async (c) => {
    const { _id } = await readJson(c, updateSessionSchema);
    return ok(c, { data: await touchSession(ctx, c.get('caller').actor, _id) });
  });
  app.get('/get_rep_sessions', legacyAuthToken, authed, async (c) =>
    ok(c, {
      data: await repSessions(ctx, c.get('caller').actor, readQuery(c, repSessionsQuerySchema).rep_id),
    }),
  );
  return app;
}
