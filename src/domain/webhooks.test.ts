import { describe, expect, it } from 'vitest';
import {
  MAX_DELIVERY_ATTEMPTS,
  webhookEndpointCreateSchema,
  webhookEndpointEditSchema,
  webhookRetryDelaySeconds,
  webhookUrlSchema,
} from './webhooks.ts';

describe('webhook endpoints', () => {
  it('take web addresses only', () => {
    for (const ok of ['https://hooks.example.com/crm', 'http://127.0.0.1:8080/hook'])
      expect(webhookUrlSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ftp://x.example',
      'https://',
      'hooks.example.com',
    ])
      expect(webhookUrlSchema.safeParse(bad).success, bad).toBe(false);
  });
  it('take known event types and refuse an empty edit', () => {
    const base = { name: 'CRM', url: 'https://hooks.example.com', event_types: ['lead.created'] };
    expect(webhookEndpointCreateSchema.safeParse(base).success).toBe(true);
    expect(webhookEndpointCreateSchema.safeParse({ ...base, event_types: ['lead.deleted'] }).success).toBe(
      false,
    );
    expect(webhookEndpointEditSchema.safeParse({}).success).toBe(false);
  });
  it('space retries out, longer each time', () => {
    const delays = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) =>
      webhookRetryDelaySeconds(i + 1),
    );
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(new Set(delays).size).toBe(delays.length);
  });
});
