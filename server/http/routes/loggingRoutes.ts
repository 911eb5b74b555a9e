import { Hono } from 'hono';
import { errorLogSchema, sessionRegisterSchema } from '../../../src/domain/schemas/logging.ts';
import { eventSyncSchema } from '../../../src/domain/schemas/sync.ts';
import type { ServiceContext } from '../../services/context.ts';
import { registerSession, writeErrorLog } from '../../services/logging.ts';
import { acceptLogs } from '../../services/logStreams.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson } from '../validate.ts';

/** The spec's `notion` calls: session registration, error logging and the event sync. */
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
  // The spec's serverless event sync: the device log stream's own rules, under the spec's shape.
  app.post('/event-sync', async (c) => {
    const batch = await readJson(c, eventSyncSchema);
    return ok(
      c,
      await acceptLogs(ctx, c.get('caller').actor, { client_id: '', paths: [], path_points: [], ...batch }),
    );
  });
  return app;
}
