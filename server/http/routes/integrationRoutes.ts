/**
 * Integrations: OAuth 2 providers (admins), the caller's connections and the connect/callback
 * steps (`/api/v2/integrations`), the org's API keys (`/api/v2/api-keys`), and the spec's legacy
 * `POST /api/add_integration`. All behind sign-in. The redirect address is this server's own
 * `/settings/integrations/callback`, so the origin the caller used is the one the provider returns to.
 */
import { z } from 'zod';
import { addIntegration } from '#server/services/integrations/addIntegration.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '#server/services/integrations/apiKeys.ts';
import {
  disconnect,
  finishConnect,
  listConnections,
  startConnect,
} from '#server/services/integrations/connections.ts';
import {
  addProvider,
  deleteProvider,
  editProvider,
  listProviders,
} from '#server/services/integrations/providers.ts';
import { apiKeyAddSchema, apiKeySchema, newApiKeySchema } from '#src/domain/apiKeys.ts';
import {
  addIntegrationSchema,
  callbackSchema,
  connectionSchema,
  connectSchema,
  disconnectAnswerSchema,
  idBodySchema,
  providerAddSchema,
  providerEditSchema,
  providerSchema,
} from '#src/domain/schemas/integrations.ts';
import { LEGACY_FAILURE } from '#src/domain/schemas/legacyData.ts';
import { defineRoute } from '../defineRoute.ts';

const originOf = (url: string) => new URL(url).origin;
const idBody = { name: 'IntegrationId', schema: idBodySchema };

export const integrationRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/integrations/providers',
    operationId: 'listIntegrationProviders',
    summary: 'The org’s OAuth 2 providers',
    description:
      'Admins get every provider with its settings (the client secret only as `client_secret_set`); everyone else the enabled ones (`id`, `key`, `name`, `scopes`).',
    tag: 'Integrations',
    access: 'session',
    answer: { description: '`data`: the providers.', schema: z.object({ data: z.array(providerSchema) }) },
    handler: (_c, { ctx, actor }) => listProviders(ctx, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/integrations/providers/add',
    operationId: 'addIntegrationProvider',
    summary: 'Set up an OAuth 2 provider (admins)',
    tag: 'Integrations',
    access: 'session',
    body: { name: 'ProviderAdd', schema: providerAddSchema },
    answer: { status: 201, description: '`data`: the provider.', schema: z.object({ data: providerSchema }) },
    handler: (_c, { ctx, actor, body }) => addProvider(ctx, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/integrations/providers/edit',
    operationId: 'editIntegrationProvider',
    summary: 'Change an OAuth 2 provider (admins)',
    description: 'A field left out stays; `client_secret` null or empty clears the secret.',
    tag: 'Integrations',
    access: 'session',
    body: { name: 'ProviderEdit', schema: providerEditSchema },
    answer: { description: '`data`: the provider.', schema: z.object({ data: providerSchema }) },
    handler: (_c, { ctx, actor, body }) => editProvider(ctx, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/integrations/providers/delete',
    operationId: 'deleteIntegrationProvider',
    summary: 'Delete an OAuth 2 provider and the connections made through it (admins)',
    tag: 'Integrations',
    access: 'session',
    body: idBody,
    answer: { description: '`id` of the deleted provider.' },
    handler: (_c, { ctx, actor, body }) => deleteProvider(ctx, actor, body.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/integrations/list',
    operationId: 'listIntegrations',
    summary: 'The caller’s connections (never their tokens)',
    tag: 'Integrations',
    access: 'session',
    answer: {
      description: '`data`: status, scopes, when connected and when the token expires.',
      schema: z.object({ data: z.array(connectionSchema) }),
    },
    handler: (_c, { ctx, actor }) => listConnections(ctx, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/integrations/connect',
    operationId: 'connectIntegration',
    summary: 'Start connecting to a provider',
    description:
      'Makes a state and a PKCE (S256) verifier that live 10 minutes and answers the provider’s authorization address, whose redirect address is this server’s `/settings/integrations/callback`.',
    tag: 'Integrations',
    access: 'session',
    body: { name: 'IntegrationConnect', schema: connectSchema },
    answer: { description: '`url`: where to send the user; `expires_at`.' },
    handler: (c, { ctx, actor, body }) => startConnect(ctx, actor, body.provider, originOf(c.req.url)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/integrations/callback',
    operationId: 'finishIntegration',
    summary: 'Finish connecting with the code and state the provider sent back',
    description:
      'The state is used once, by the user who started, within 10 minutes; the code is swapped with its verifier and the tokens kept sealed on the server.',
    tag: 'Integrations',
    access: 'session',
    body: { name: 'IntegrationCallback', schema: callbackSchema },
    answer: { description: '`data`: the connection.', schema: z.object({ data: connectionSchema }) },
    handler: (c, { ctx, actor, body }) => finishConnect(ctx, actor, body, originOf(c.req.url)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/integrations/disconnect',
    operationId: 'disconnectIntegration',
    summary: 'Disconnect: revoke at the provider when it can, and remove the tokens',
    tag: 'Integrations',
    access: 'session',
    body: idBody,
    answer: {
      description: '`revoked`: whether the provider took the token back; `revoke_error` when it could not.',
      schema: disconnectAnswerSchema,
    },
    handler: (_c, { ctx, actor, body }) => disconnect(ctx, actor, body.id),
  }),
  // `/api/v2/api-keys`: admins make, list and revoke the org's keys.
  defineRoute({
    method: 'get',
    path: '/api/v2/api-keys/list',
    operationId: 'listApiKeys',
    summary: 'The org’s API keys (admins; never the keys themselves)',
    tag: 'Integrations',
    access: 'session',
    answer: { description: '`data`: the keys.', schema: z.object({ data: z.array(apiKeySchema) }) },
    handler: (_c, { ctx, actor }) => listApiKeys(ctx, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/api-keys/add',
    operationId: 'addApiKey',
    summary: 'Make an API key with scopes (admins)',
    description: 'The answer’s `data.key` is the only time the key is shown.',
    tag: 'Integrations',
    access: 'session',
    body: { name: 'ApiKeyAdd', schema: apiKeyAddSchema },
    answer: {
      secret: true,
      status: 201,
      description: '`data`: the key, with `key`.',
      schema: z.object({ data: newApiKeySchema }),
    },
    handler: (_c, { ctx, actor, body }) => createApiKey(ctx, actor, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/api-keys/revoke',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key (admins)',
    tag: 'Integrations',
    access: 'session',
    body: idBody,
    answer: { description: '`data`: the key, with `revoked_at`.', schema: z.object({ data: apiKeySchema }) },
    handler: (_c, { ctx, actor, body }) => revokeApiKey(ctx, actor, body.id),
  }),
  // SPEC section 7, legacy data service: signed in by the body's `auth_token` too.
  defineRoute({
    method: 'post',
    path: '/api/add_integration',
    operationId: 'addIntegrationValue',
    summary: 'Record what a rep is known as in another system (legacy data service)',
    description:
      '`data`: the kind (or `{kind, name}`); `rep_id`: the rep’s id or numeric id; `value`: e.g. their account id there. Adding again replaces the value. Reps record their own; admins anyone’s. Without a session cookie or `Authorization` header, the body’s `auth_token` (a session token) signs the request in.',
    tag: 'Integrations',
    access: 'session',
    legacy: { failure: LEGACY_FAILURE.add },
    body: { name: 'AddIntegration', schema: addIntegrationSchema },
    answer: { description: '`data`: `_id`, `kind`, `name`, `value`, `user_id`.' },
    handler: (_c, { ctx, actor, body }) => addIntegration(ctx, actor, body),
  }),
];
