/**
 * Outgoing webhooks: an admin's endpoints (where, for which event types, signed with the
 * endpoint's secret) and their deliveries. Each message is signed per the Standard Webhooks spec
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the `standardwebhooks` package, is
 * sent by a job (never on the request's path), retried with backoff, and every attempt is logged
 * on the delivery. Secrets are sealed at rest and shown once, when made or rotated.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { WebhookEventType } from '../../src/domain/automations/rules.ts';
import { WEBHOOKS_DENIED } from '../../src/domain/automations/runAs.ts';
import { type Actor, can, canExportLeads } from '../../src/domain/permissions.ts';
import {
  MAX_DELIVERY_ATTEMPTS,
  type WebhookEndpointCreate,
  type WebhookEndpointEdit,
  webhookRetryDelaySeconds,
} from '../../src/domain/webhooks.ts';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { nudge } from './automations/nudge.ts';
import type { ServiceContext, Tx } from './context.ts';
import { secretBoxOf } from './secretBox.ts';
import { forbidden, notFound } from './serviceError.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const NOT_FOUND = 'This webhook endpoint does not exist.';
/** How long one delivery may take before it counts as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Endpoints receive every new lead and status change of the org: managing them needs, besides
 * managing automations or settings, the right to send leads out of the app (an admin, or org-wide
 * contact read).
 */
function requireManager(actor: Actor) {
  if ((!can(actor, 'automations.manage') && !can(actor, 'settings.manage')) || !canExportLeads(actor))
    throw forbidden(WEBHOOKS_DENIED);
}

/** A new signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The endpoint as admins see it: never its secret. */
function endpointToWire(row: EndpointRow) {
  return {
    _id: row.id,
    name: row.name,
    url: row.url,
    event_types: row.event_types,
    enabled: row.enabled,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function deliveryToWire(row: DeliveryRow) {
  return {
    _id: row.id,
    endpoint_id: row.endpoint_id,
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  };
}

async function findEndpoint(tx: Tx, actor: Actor, id: string): Promise<EndpointRow> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.org_id, actor.org_id),
        isNull(webhookEndpoints.deleted_at),
      ),
    );
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function listEndpoints(ctx: ServiceContext, actor: Actor) {
  requireManager(actor);
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.org_id, actor.org_id), isNull(webhookEndpoints.deleted_at)))
    .orderBy(webhookEndpoints.created_at);
  return { data: rows.map(endpointToWire) };
}

/** Creates an endpoint; its secret is in this answer only. */
export async function createEndpoint(ctx: ServiceContext, actor: Actor, input: WebhookEndpointCreate) {
  requireManager(actor);
  const secret = newSecret();
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      org_id: actor.org_id,
      name: input.name,
      url: input.url,
      event_types: input.event_types,
      enabled: input.enabled ?? true,
      secret_enc: secretBoxOf(ctx.config).seal(secret, 'webhook.secret'),
      created_by: actor.user_id,
      updated_by: actor.user_id,
    })
    .returning();
  return { data: endpointToWire(row as EndpointRow), secret };
}

export async function editEndpoint(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  input: WebhookEndpointEdit,
) {
  requireManager(actor);
  await findEndpoint(ctx.db, actor, id);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({ ...input, updated_at: ctx.now().toISOString(), updated_by: actor.user_id })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return { data: endpointToWire(row as EndpointRow) };
}

/** A new secret for the endpoint, in this answer only; the old one stops signing at once. */
export async function rotateEndpointSecret(ctx: ServiceContext, actor: Actor, id: string) {
  requireManager(actor);
  await findEndpoint(ctx.db, actor, id);
  const secret = newSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      secret_enc: secretBoxOf(ctx.config).seal(secret, 'webhook.secret'),
      updated_at: ctx.now().toISOString(),
      updated_by: actor.user_id,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return { data: endpointToWire(row as EndpointRow), secret };
}

export async function deleteEndpoint(ctx: ServiceContext, actor: Actor, id: string) {
  requireManager(actor);
  await findEndpoint(ctx.db, actor, id);
  const now = ctx.now().toISOString();
  await ctx.db
    .update(webhookEndpoints)
    .set({ deleted_at: now, updated_at: now, enabled: false, updated_by: actor.user_id })
    .where(eq(webhookEndpoints.id, id));
  return { data: { _id: id, deleted: true } };
}

/** The endpoint's deliveries, newest first. */
export async function listDeliveries(ctx: ServiceContext, actor: Actor, id: string, limit = 50) {
  requireManager(actor);
  await findEndpoint(ctx.db, actor, id);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.org_id, actor.org_id), eq(webhookDeliveries.endpoint_id, id)))
    .orderBy(desc(webhookDeliveries.created_at))
    .limit(limit);
  return { data: rows.map(deliveryToWire) };
}

/**
 * One delivery per enabled endpoint of the org that takes this event type (or the one endpoint
 * named, for an automation's webhook action), in the caller's transaction; sent by a job after.
 * Returns the message ids queued.
 */
export async function enqueueWebhook(
  ctx: ServiceContext,
  tx: Tx,
  orgId: number,
  eventType: WebhookEventType,
  data: Record<string, unknown>,
  endpointId?: string,
): Promise<string[]> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.org_id, orgId),
        eq(webhookEndpoints.enabled, true),
        isNull(webhookEndpoints.deleted_at),
        endpointId
          ? eq(webhookEndpoints.id, endpointId)
          : sql`${eventType} = ANY(${webhookEndpoints.event_types})`,
      ),
    );
  if (!endpoints.length) return [];
  const now = ctx.now();
  const messageId = `msg_${randomUUID()}`;
  const payload = { type: eventType, timestamp: now.toISOString(), data };
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((e) => ({
        org_id: orgId,
        endpoint_id: e.id,
        message_id: messageId,
        event_type: eventType,
        payload,
        next_attempt_at: now.toISOString(),
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) nudge(ctx.config, 'webhook-deliver', { delivery_id: row.id });
  return [messageId];
}

/**
 * Sends one delivery if it is due and nobody else is sending it: 2xx marks it delivered;
 * anything else is logged and tried again later, up to {@link MAX_DELIVERY_ATTEMPTS}.
 */
export async function deliverWebhook(ctx: ServiceContext, deliveryId: string): Promise<string | undefined> {
  const now = ctx.now();
  // Claimed by one worker only: the status moves away from pending/retrying in the same statement.
  const [delivery] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'sending', attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        inArray(webhookDeliveries.status, ['pending', 'retrying']),
        or(
          isNull(webhookDeliveries.next_attempt_at),
          lte(webhookDeliveries.next_attempt_at, now.toISOString()),
        ),
      ),
    )
    .returning();
  if (!delivery) return undefined;
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, delivery.endpoint_id));
  let responseStatus: number | null = null;
  let error: string | null = null;
  if (!endpoint || endpoint.deleted_at || !endpoint.enabled) {
    error = 'The endpoint was disabled or deleted.';
  } else {
    try {
      const body = JSON.stringify(delivery.payload);
      const signer = new Webhook(secretBoxOf(ctx.config).open(endpoint.secret_enc, 'webhook.secret'));
      const sentAt = ctx.now();
      const res = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'HomeServiceCRM-Webhooks/1',
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signer.sign(delivery.message_id, sentAt, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      responseStatus = res.status;
      await res.body?.cancel();
      if (res.status < 200 || res.status >= 300) error = `The endpoint answered ${res.status}.`;
    } catch (err) {
      error = `Could not reach the endpoint: ${(err as Error).message}`.slice(0, 500);
    }
  }
  const done = error === null;
  const giveUp = !done && (delivery.attempts >= MAX_DELIVERY_ATTEMPTS || !endpoint?.enabled);
  const nextAt = new Date(ctx.now().getTime() + webhookRetryDelaySeconds(delivery.attempts) * 1000);
  await ctx.db
    .update(webhookDeliveries)
    .set({
      status: done ? 'delivered' : giveUp ? 'failed' : 'retrying',
      response_status: responseStatus,
      last_error: error,
      delivered_at: done ? ctx.now().toISOString() : null,
      next_attempt_at: done || giveUp ? null : nextAt.toISOString(),
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (!done && !giveUp)
    nudge(
      ctx.config,
      'webhook-deliver',
      { delivery_id: delivery.id },
      webhookRetryDelaySeconds(delivery.attempts),
    );
  return done ? 'delivered' : giveUp ? 'failed' : 'retrying';
}

/** Deliveries due now (or left mid-send by a stopped instance for a while): the minute's sweep. */
export async function deliverDueWebhooks(ctx: ServiceContext, limit = 50): Promise<void> {
  const now = ctx.now();
  const stale = new Date(now.getTime() - 5 * 60_000).toISOString();
  // A send that never finished (the instance stopped) is tried again after five minutes.
  await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'retrying', next_attempt_at: now.toISOString() })
    .where(and(eq(webhookDeliveries.status, 'sending'), lte(webhookDeliveries.next_attempt_at, stale)));
  const due = await ctx.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['pending', 'retrying']),
        lte(webhookDeliveries.next_attempt_at, now.toISOString()),
      ),
    )
    .orderBy(webhookDeliveries.next_attempt_at)
    .limit(limit);
  for (const { id } of due) await deliverWebhook(ctx, id);
}
