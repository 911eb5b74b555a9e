/**
 * Integrations: OAuth 2 providers (admins), the caller's connections and the connect/callback
 * steps (`/api/v2/integrations`), the org's API keys (`/api/v2/api-keys`), and the spec's legacy
 * `POST /api/add_integration`. All behind sign-in. The redirect address is this server's own
 * `/settings/integrations/callback`, so the origin the caller used is the one the provider returns to.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { apiKeyAddSchema } from '../../../src/domain/apiKeys.ts';
import {
  addIntegrationSchema,
  callbackSchema,
  connectSchema,
  idBodySchema,
  providerAddSchema,
  providerEditSchema,
} from '../../../src/domain/schemas/integrations.ts';
import { LEGACY_FAILURE } from '../../../src/domain/schemas/legacyData.ts';
import type { ServiceContext } from '../../services/context.ts';
import { addIntegration } from '../../services/integrations/addIntegration.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/integrations/apiKeys.ts';
import {
  disconnect,
  finishConnect,
  listConnections,
  startConnect,
} from '../../services/integrations/connections.ts';
import {
  addProvider,
  deleteProvider,
  editProvider,
  listProviders,
} from '../../services/integrations/providers.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { legacyFailure } from '../legacyAnswers.ts';
import { legacyAuthToken } from '../legacyAuth.ts';
import { ok } from '../respond.ts';
import { readJson } from '../validate.ts';

const originOf = (url: string) => new URL(url).origin;

/** `/api/v2/integrations`. */
export function integrationRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  const actor = (c: { get(key: 'caller'): AuthVariables['caller'] }) => c.get('caller').actor;
  app.get('/providers', async (c) => ok(c, await listProviders(ctx, actor(c))));
  app.post('/providers/add', async (c) =>
    ok(c, await addProvider(ctx, actor(c), await readJson(c, providerAddSchema)), 201),
  );
  app.post('/providers/edit', async (c) =>
    ok(c, await editProvider(ctx, actor(c), await readJson(c, providerEditSchema))),
  );
  app.post('/providers/delete', async (c) =>
    ok(c, await deleteProvider(ctx, actor(c), (await readJson(c, idBodySchema)).id)),
  );
  app.get('/list', async (c) => ok(c, await listConnections(ctx, actor(c))));
  app.post('/connect', async (c) => {
    const { provider } = await readJson(c, connectSchema);
    return ok(c, await startConnect(ctx, actor(c), provider, originOf(c.req.url)));
  });
  app.post('/callback', async (c) =>
    ok(c, await finishConnect(ctx, actor(c), await readJson(c, callbackSchema), originOf(c.req.url))),
  );
  app.post('/disconnect', async (c) =>
    ok(c, await disconnect(ctx, actor(c), (await readJson(c, idBodySchema)).id)),
  );
  return app;
}

/** `/api/v2/api-keys`: admins make, list and revoke the org's keys. */
export function apiKeyRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/list', async (c) => ok(c, await listApiKeys(ctx, c.get('caller').actor)));
  app.post('/add', async (c) =>
    ok(c, await createApiKey(ctx, c.get('caller').actor, await readJson(c, apiKeyAddSchema)), 201),
  );
  app.post('/revoke', async (c) =>
    ok(c, await revokeApiKey(ctx, c.get('caller').actor, (await readJson(c, idBodySchema)).id)),
  );
  return app;
}

/**
 * `/api/add_integration` (SPEC section 7, legacy data service): signed in by the body's `auth_token`
 * too, failing in the spec's text.
 */
export function legacyIntegrationRoutes(
  ctx: ServiceContext,
  authed: MiddlewareHandler<{ Variables: AuthVariables }>,
) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/add_integration', legacyFailure(LEGACY_FAILURE.add), legacyAuthToken, authed, async (c) =>
    ok(c, await addIntegration(ctx, c.get('caller').actor, await readJson(c, addIntegrationSchema))),
  );
  return app;
}
