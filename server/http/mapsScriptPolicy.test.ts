/**
 * The content security policy allows the Google Maps script only for a server started with the
 * maps key the app is built with (SECURITY.md "Requests").
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createApp } from './app.ts';

async function scriptSources(env: Record<string, string>): Promise<string> {
  const config = readConfig({ NODE_ENV: 'test', STATIC_DIR: '', JOBS: 'off', ...env });
  // No route is reached: the headers are set before any of them, and the answer is the API's 404.
  const app = createApp({ db: {} as Database, config, now: () => new Date() });
  const res = await app.request('/api/v2/no-such-endpoint');
  expect(res.status).toBe(404);
  const policy = res.headers.get('content-security-policy') ?? '';
  return policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
}

describe('maps script policy', () => {
  it('allows only the app itself without a maps key', async () => {
    const scripts = await scriptSources({});
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain('googleapis');
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it('adds the Google Maps script hosts, and nothing looser, with one', async () => {
    const scripts = await scriptSources({ VITE_GOOGLE_MAPS_KEY: 'browser-key' });
    expect(scripts).toContain('https://maps.googleapis.com');
    expect(scripts).toContain('https://maps.gstatic.com');
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toMatch(/\shttps:(\s|$)/);
  });
});
