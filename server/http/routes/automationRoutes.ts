/**
 * Automations and outgoing webhooks, online and for admins: `/api/v2/automations` (run logs, last
 * runs), `/api/v2/webhooks` (endpoints, secrets shown once, delivery logs) and the spec's legacy
 * `GET /api/fetch_automations`. Automations themselves are saved through sync (record.save.v1).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { uuidSchema } from '../../../src/domain/schemas/common.ts';
import { LEGACY_FAILURE } from '../../../src/domain/schemas/legacyData.ts';
import { webhookEndpointCreateSchema, webhookEndpointEditSchema } from '../../../src/domain/webhooks.ts';
import { automationRunLog, fetchAutomations, lastRuns } from '../../services/automations/admin.ts';
import type { ServiceContext } from '../../services/context.ts';
import {
  createEndpoint,
  deleteEndpoint,
  editEndpoint,
  listDeliveries,
  listEndpoints,
  rotateEndpointSecret,
} from '../../services/webhooks.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { legacyFailure } from '../legacyAnswers.ts';
import { legacyAuthToken } from '../legacyAuth.ts';
import { ok } from '../respond.ts';
import { parse, readJson } from '../validate.ts';

const idParam = z.object({ id: uuidSchema }).strict();
const idOf = (c: { req: { param(): Record<string, string> } }) => parse(idParam, c.req.param()).id;

/** `/api/v2/automations`. */
export function automationRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/runs/latest', async (c) => ok(c, await lastRuns(ctx, c.get('caller').actor)));
  app.get('/:id/runs', async (c) => ok(c, await automationRunLog(ctx, c.get('caller').actor, idOf(c))));
  return app;
}

/** `/api/v2/webhooks`. */
export function webhookRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/', async (c) => ok(c, await listEndpoints(ctx, c.get('caller').actor)));
  app.post('/', async (c) =>
    ok(
      c,
      await createEndpoint(ctx, c.get('caller').actor, await readJson(c, webhookEndpointCreateSchema)),
      201,
    ),
  );
  app.patch('/:id', async (c) => {
    const id = idOf(c);
    return ok(
      c,
      await editEndpoint(ctx, c.get('caller').actor, id, await readJson(c, webhookEndpointEditSchema)),
    );
  });
  app.post('/:id/rotate', async (c) =>
    ok(c, await rotateEndpointSecret(ctx, c.get('caller').actor, idOf(c))),
  );
  app.delete('/:id', async (c) => ok(c, await deleteEndpoint(ctx, c.get('caller').actor, idOf(c))));
  app.get('/:id/deliveries', async (c) => ok(c, await listDeliveries(ctx, c.get('caller').actor, idOf(c))));
  return app;
}

/**
 * `GET /api/fetch_automations` (SPEC section 7, legacy data service): the org's automations, signed
 * in by the query's `auth_token` too, failing in the spec's text.
 */
export function legacyAutomationRoutes(
  ctx: ServiceContext,
  authed: MiddlewareHandler<{ Variables: AuthVariables }>,
) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/fetch_automations', legacyFailure(LEGACY_FAILURE.get), legacyAuthToken, authed, async (c) =>
    ok(c, await fetchAutomations(ctx, c.get('caller').actor)),
  );
  return app;
}
