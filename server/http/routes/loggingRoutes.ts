import { Hono } from 'hono';
import { errorLogSchema, sessionRegisterSchema } from '../../../src/domain/schemas/logging.ts';
import type { ServiceContext } from '../../services/context.ts';
import { registerSession, writeErrorLog } from '../../services/logging.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson } from '../validate.ts';

/** The spec's `notion` calls: session registration and error logging. */
export function loggingRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/session', async (c) => {
    const { actor, user } = c.get('caller');
    return ok(c, { body: await registerSession(ctx, actor, user, await readJson(c, sessionRegisterSchema)) });
  });
  app.post('/log', async (c) => {
    const { actor, user } = c.get('caller');
    await writeErrorLog(ctx, actor, user, await readJson(c, errorLogSchema));
    return ok(c, {}, 201);
  });
  return app;
}
