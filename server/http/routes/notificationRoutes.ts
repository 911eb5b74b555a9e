import { Hono } from 'hono';
import { notificationQuerySchema, notificationReadSchema } from '../../../src/domain/schemas/notification.ts';
import type { ServiceContext } from '../../services/context.ts';
import { listNotifications, markNotificationsRead } from '../../services/notifications.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

export function notificationRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/get', async (c) =>
    ok(c, await listNotifications(ctx, c.get('caller').actor, readQuery(c, notificationQuerySchema))),
  );
  app.post('/read', async (c) =>
    ok(c, await markNotificationsRead(ctx, c.get('caller').actor, await readJson(c, notificationReadSchema))),
  );
  return app;
}
