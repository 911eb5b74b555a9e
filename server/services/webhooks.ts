/**
 * Outgoing webhooks: an admin's endpoints (where, for which event types, signed with the
 * endpoint's secret) and their deliveries. Each message is signed per the Standard Webhooks spec
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the `standardwebhooks` package, is
 * sent by a job (never on the request's path), retried with backoff, and every attempt is logged
 * on the delivery with a coarse reason (never what the receiver answered). Endpoints must be on
 * addresses the outgoing address policy allows, checked when saved and again on every delivery;
 * redirects are not followed; deliveries are paced (DELIVERY_LIMITS). Secrets are sealed at rest
 * and shown once, when made or rotated.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { WebhookEventType } from '#src/domain/automations/rules.ts';
import { WEBHOOKS_DENIED } from '#src/domain/automations/runAs.ts';
import { type Actor, can, canExportLeads } from '#src/domain/permissions.ts';
import {
  MAX_DELIVERY_ATTEMPTS,
  WEBHOOK_ADDRESS_MESSAGE,
  type WebhookEndpointCreate,
  type WebhookEndpointEdit,
  webhookRetryDelaySeconds,
} from '#src/domain/webhooks.ts';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { loadCaller } from './actors.ts';
import { nudge } from './automations/nudge.ts';
import type { ServiceContext, Tx } from './context.ts';
import {
  addressRefused,
  OutboundError,
  type OutboundFailure,
  outboundFetch,
} from './outbound/outboundFetch.ts';
import { CircuitBreaker, KeyedLimiter } from './outbound/pacing.ts';
import { secretBoxOf } from './secretBox.ts';
import { forbidden, invalid, notFound } from './serviceError.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const NOT_FOUND = 'This webhook endpoint does not exist.';

/** Refuses an endpoint on an address the server may not call (checked again on every delivery). */
async function requireAllowedAddress(ctx: ServiceContext, url: string): Promise<void> {
  if (await addressRefused(ctx.config, new URL(url))) throw invalid(WEBHOOK_ADDRESS_MESSAGE);
}

/**
 * Endpoints receive every new lead and status change of the org: managing them needs, besides
 * managing automations or settings, the right to send leads out of the app (an admin, or org-wide
 * contact read).
 */
function requireManager(actor: Actor) {
  if ((!can(actor, 'automations.manage') && !can(actor, 'settings.manage')) || !canExportLeads(actor))
    throw forbidden(WEBHOOKS_DENIED);
}

/**
 * An endpoint sends as the person who last saved it (made, edited, rotated): while they may still
 * send every lead out of the app (active, in this org, an admin or with org-wide contact read), it
 * receives messages; once they may not, no more are queued for it until someone who may saves it.
 */
async function mayReceiveLeads(tx: Tx, orgId: number, savedBy: string | null): Promise<boolean> {
  if (!savedBy) return false;
  const caller = await loadCaller(tx, savedBy, orgId);
  return !!caller && caller.actor.org_id === orgId && canExportLeads(caller.actor);
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
  await requireAllowedAddress(ctx, input.url);
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
  if (input.url !== undefined) await requireAllowedAddress(ctx, input.url);
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
  // Read once per sync batch, for every event type at once: endpoints are not changed by a
  // device's mutations, and a push of status changes and notes then reads them in one statement.
  const batched = endpointId ? undefined : ctx.batch;
  const enabled = and(
    eq(webhookEndpoints.org_id, orgId),
    eq(webhookEndpoints.enabled, true),
    isNull(webhookEndpoints.deleted_at),
  );
  let candidates: { id: string; saved_by: string | null }[];
  if (batched) {
    batched.webhookEndpoints ??= await tx
      .select({
        id: webhookEndpoints.id,
        saved_by: webhookEndpoints.updated_by,
        event_types: webhookEndpoints.event_types,
      })
      .from(webhookEndpoints)
      .where(enabled);
    candidates = batched.webhookEndpoints.filter((endpoint) => endpoint.event_types.includes(eventType));
  } else {
    candidates = await tx
      .select({ id: webhookEndpoints.id, saved_by: webhookEndpoints.updated_by })
      .from(webhookEndpoints)
      .where(
        and(
          enabled,
          endpointId
            ? eq(webhookEndpoints.id, endpointId)
            : sql`${eventType} = ANY(${webhookEndpoints.event_types})`,
        ),
      );
  }
  const endpoints = [];
  for (const endpoint of candidates)
    if (await mayReceiveLeads(tx, orgId, endpoint.saved_by)) endpoints.push(endpoint);
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

/** Time limits and pacing of deliveries (in memory, per server process). */
export const DELIVERY_LIMITS = {
  /** How long one delivery may take, answer included, before it counts as failed. */
  timeoutMs: 5_000,
  /** Deliveries in flight to one endpoint at a time. */
  perEndpoint: 2,
  /** Deliveries in flight at a time in all. */
  inFlight: 8,
  /** Failures in a row after which an endpoint is paused… */
  pauseAfterFailures: 5,
  /** …for this long: its deliveries wait, unattempted, until then. */
  pauseMs: 5 * 60_000,
} as const;

const sending = new KeyedLimiter(DELIVERY_LIMITS.perEndpoint, DELIVERY_LIMITS.inFlight);
const breaker = new CircuitBreaker(DELIVERY_LIMITS.pauseAfterFailures, DELIVERY_LIMITS.pauseMs);

/** What the delivery log says about a failed attempt: a coarse reason, never what the receiver sent. */
const FAILURE_TEXT: Record<OutboundFailure, string> = {
  address: "The endpoint's address is not allowed.",
  timeout: 'The endpoint did not answer in time.',
  connection: 'The endpoint could not be reached.',
};

export interface DeliveryOptions {
  /** How long one delivery may take (tests shorten it); {@link DELIVERY_LIMITS} by default. */
  timeoutMs?: number;
}

/** Posts the signed message: the answer's status, or the coarse reason it failed. */
async function post(
  ctx: ServiceContext,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
  timeoutMs: number,
): Promise<{ status: number | null; error: string | null }> {
  try {
    const body = JSON.stringify(delivery.payload);
    const signer = new Webhook(secretBoxOf(ctx.config).open(endpoint.secret_enc, 'webhook.secret'));
    const sentAt = ctx.now();
    const { status } = await outboundFetch(ctx.config, endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'HomeServiceCRM-Webhooks/1',
        'webhook-id': delivery.message_id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signer.sign(delivery.message_id, sentAt, body),
      },
      body,
      timeoutMs,
    });
    // Redirects are not followed: a 3xx is a failure like any other answer outside 2xx.
    return { status, error: status >= 200 && status < 300 ? null : `The endpoint answered ${status}.` };
  } catch (err) {
    return { status: null, error: FAILURE_TEXT[err instanceof OutboundError ? err.kind : 'connection'] };
  }
}

/** A delivery to a paused endpoint waits for the pause to end, its attempts untouched. */
async function deferWhilePaused(ctx: ServiceContext, deliveryId: string, until: number) {
  const next = new Date(until).toISOString();
  await ctx.db
    .update(webhookDeliveries)
    .set({
      next_attempt_at: next,
      last_error: `The endpoint failed ${DELIVERY_LIMITS.pauseAfterFailures} times in a row; deliveries are paused until ${next}.`,
    })
    .where(
      and(eq(webhookDeliveries.id, deliveryId), inArray(webhookDeliveries.status, ['pending', 'retrying'])),
    );
  return 'paused';
}

/**
 * Sends one delivery if it is due and nobody else is sending it: 2xx marks it delivered;
 * anything else is logged and tried again later, up to {@link MAX_DELIVERY_ATTEMPTS}.
 */
async function attemptDelivery(
  ctx: ServiceContext,
  deliveryId: string,
  endpointId: string,
  options: DeliveryOptions,
): Promise<string | undefined> {
  const now = ctx.now();
  const pausedUntil = breaker.pausedUntil(endpointId, now.getTime());
  if (pausedUntil) return deferWhilePaused(ctx, deliveryId, pausedUntil);
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
    ({ status: responseStatus, error } = await post(
      ctx,
      endpoint,
      delivery,
      options.timeoutMs ?? DELIVERY_LIMITS.timeoutMs,
    ));
    if (error === null) breaker.success(endpoint.id);
    else breaker.failure(endpoint.id, ctx.now().getTime());
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

/**
 * Sends one delivery if it is due (see attemptDelivery), waiting its turn behind the endpoint's
 * other deliveries in flight. Answers what became of it ('paused' when its endpoint is paused).
 */
export async function deliverWebhook(
  ctx: ServiceContext,
  deliveryId: string,
  options: DeliveryOptions = {},
): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ endpoint_id: webhookDeliveries.endpoint_id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return undefined;
  return sending.run(row.endpoint_id, () => attemptDelivery(ctx, deliveryId, row.endpoint_id, options));
}

/**
 * Deliveries due now (or left mid-send by a stopped instance for a while): the minute's sweep.
 * They go out side by side, a few per endpoint at a time, so a slow endpoint holds back only its own.
 */
export async function deliverDueWebhooks(
  ctx: ServiceContext,
  options: DeliveryOptions & { limit?: number } = {},
): Promise<void> {
  const now = ctx.now();
  const stale = new Date(now.getTime() - 5 * 60_000).toISOString();
  // A send that never finished (the instance stopped) is tried again after five minutes.
  await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'retrying', next_attempt_at: now.toISOString() })
    .where(and(eq(webhookDeliveries.status, 'sending'), lte(webhookDeliveries.next_attempt_at, stale)));
  const due = await ctx.db
    .select({ id: webhookDeliveries.id, endpoint_id: webhookDeliveries.endpoint_id })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['pending', 'retrying']),
        lte(webhookDeliveries.next_attempt_at, now.toISOString()),
      ),
    )
    .orderBy(webhookDeliveries.next_attempt_at)
    .limit(options.limit ?? 50);
  await Promise.all(
    due.map(({ id, endpoint_id }) =>
      sending.run(endpoint_id, () => attemptDelivery(ctx, id, endpoint_id, options)),
    ),
  );
}
