/**
 * Outgoing webhook endpoints (admin settings → Webhooks): what an admin may set, and how deliveries
 * are retried. The server signs and sends (server/services/webhooks.ts).
 */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from './automations/rules.ts';
import { boundedText } from './schemas/common.ts';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './automations/rules.ts';

/** Deliveries are tried this many times in all before they are recorded failed. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** Seconds before the next try after `attempt` failed ones: 5 s, 20 s, 80 s, 320 s. */
export function webhookRetryDelaySeconds(attempt: number): number {
  return 5 * 4 ** Math.max(0, attempt - 1);
}

export const WEBHOOK_URL_MESSAGE = 'must be a web address starting with https:// or http://';

/**
 * The server's answer to an endpoint on an address it may not call: this machine, the local
 * network or the cloud's metadata service (server/services/outbound/addressPolicy.ts).
 */
export const WEBHOOK_ADDRESS_MESSAGE = 'Webhook addresses must be public web addresses.';

/** Only web addresses: no file:, javascript: or other schemes reach the sender. */
export const webhookUrlSchema = boundedText(2000)
  .trim()
  .refine(
    (value) => {
      if (!/^https?:\/\//i.test(value)) return false;
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: WEBHOOK_URL_MESSAGE },
  );

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: `must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .max(WEBHOOK_EVENT_TYPES.length);

export const webhookEndpointCreateSchema = z
  .object({
    name: boundedText(200).trim().min(1, { message: 'is required' }),
    url: webhookUrlSchema,
    event_types: eventTypes,
    enabled: z.boolean().optional(),
  })
  .strict();
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

export const webhookEndpointEditSchema = webhookEndpointCreateSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'name, url, event_types or enabled is required' });
export type WebhookEndpointEdit = z.infer<typeof webhookEndpointEditSchema>;
