/**
 * Automations and outgoing webhooks, online and for admins: `/api/v2/automations` (run logs, last
 * runs), `/api/v2/webhooks` (endpoints, secrets shown once, delivery logs) and the spec's legacy
 * `GET /api/fetch_automations`. Automations themselves are saved through sync (record.save.v1).
 */
import { z } from 'zod';
import { automationRunLog, fetchAutomations, lastRuns } from '#server/services/automations/admin.ts';
import {
  createEndpoint,
  deleteEndpoint,
  editEndpoint,
  listDeliveries,
  listEndpoints,
  rotateEndpointSecret,
} from '#server/services/webhooks.ts';
import { uuidSchema } from '#src/domain/schemas/common.ts';
import { LEGACY_FAILURE } from '#src/domain/schemas/legacyData.ts';
import { webhookEndpointCreateSchema, webhookEndpointEditSchema } from '#src/domain/webhooks.ts';
import { defineRoute } from '../defineRoute.ts';

const automationIdSchema = z.object({ id: uuidSchema.describe('The id of the automation.') }).strict();
const webhookIdSchema = z.object({ id: uuidSchema.describe('The id of the webhook endpoint.') }).strict();

export const automationRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v2/automations/runs/latest',
    operationId: 'lastAutomationRuns',
    summary: 'The last run of each automation (admins)',
    tag: 'Automations',
    access: 'session',
    answer: { description: '`data`: `automation_id`, `status`, `started_at`, `finished_at`, `error`.' },
    handler: (_c, { ctx, actor }) => lastRuns(ctx, actor),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/automations/:id/runs',
    operationId: 'automationRunLog',
    summary: 'An automation’s run log, newest first (admins)',
    tag: 'Automations',
    access: 'session',
    params: automationIdSchema,
    answer: {
      description: '`data`: when, which record, each action’s result (`steps`), the error and attempts.',
    },
    handler: (_c, { ctx, actor, params }) => automationRunLog(ctx, actor, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/webhooks',
    operationId: 'listWebhookEndpoints',
    summary: 'The org’s webhook endpoints (admins; never their secrets)',
    tag: 'Automations',
    access: 'session',
    answer: { description: '`data`: the endpoints.' },
    handler: (_c, { ctx, actor }) => listEndpoints(ctx, actor),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/webhooks',
    operationId: 'createWebhookEndpoint',
    summary: 'Add a webhook endpoint (admins)',
    description:
      'Messages are signed per the Standard Webhooks spec. The answer’s `secret` (`whsec_…`) is the only time it is shown.',
    tag: 'Automations',
    access: 'session',
    body: { name: 'WebhookEndpointCreate', schema: webhookEndpointCreateSchema },
    answer: { secret: true, status: 201, description: '`data`: the endpoint; `secret`: its signing secret.' },
    handler: (_c, { ctx, actor, body }) => createEndpoint(ctx, actor, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v2/webhooks/:id',
    operationId: 'editWebhookEndpoint',
    summary: 'Change a webhook endpoint (admins)',
    tag: 'Automations',
    access: 'session',
    params: webhookIdSchema,
    body: { name: 'WebhookEndpointEdit', schema: webhookEndpointEditSchema },
    answer: { description: '`data`: the endpoint.' },
    handler: (_c, { ctx, actor, params, body }) => editEndpoint(ctx, actor, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v2/webhooks/:id',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint (admins)',
    tag: 'Automations',
    access: 'session',
    params: webhookIdSchema,
    answer: { description: '`data`: `_id` and `deleted`.' },
    handler: (_c, { ctx, actor, params }) => deleteEndpoint(ctx, actor, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v2/webhooks/:id/rotate',
    operationId: 'rotateWebhookSecret',
    summary: 'Give a webhook endpoint a new signing secret (admins)',
    description:
      'The old secret stops signing at once; the answer’s `secret` is the only time the new one is shown.',
    tag: 'Automations',
    access: 'session',
    params: webhookIdSchema,
    answer: { secret: true, description: '`data`: the endpoint; `secret`: its new signing secret.' },
    handler: (_c, { ctx, actor, params }) => rotateEndpointSecret(ctx, actor, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v2/webhooks/:id/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'A webhook endpoint’s delivery log, newest first (admins)',
    tag: 'Automations',
    access: 'session',
    params: webhookIdSchema,
    answer: {
      description: '`data`: each message’s event type, status, attempts, last answer and error.',
    },
    handler: (_c, { ctx, actor, params }) => listDeliveries(ctx, actor, params.id),
  }),
  // SPEC section 7, legacy data service: signed in by the query's `auth_token` too.
  defineRoute({
    method: 'get',
    path: '/api/fetch_automations',
    operationId: 'fetchAutomations',
    summary: 'The org’s automations (legacy data service; admins)',
    tag: 'Automations',
    access: 'session',
    legacy: { failure: LEGACY_FAILURE.get },
    answer: {
      description: '`data`: each automation’s name, enabled, trigger, conditions and actions.',
    },
    handler: (_c, { ctx, actor }) => fetchAutomations(ctx, actor),
  }),
];
