/**
 * Request throttles (server/http/rateLimit.ts, limits from server/limits.ts): an API key past its
 * limit gets 429 with Retry-After, so does an address sending too many API key requests (made-up
 * keys included), and the public invite endpoint past its limit per client address. The test
 * server gets small limits and a clock the test moves.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '#server/limits.ts';
import { createTestApi, type TestApi, testConfig } from '../support/api.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const HOUR = { perSeconds: 3_600 };

describe.each(testDatabaseKinds())('request throttles on %s', (kind) => {
  const t = useApiWorld(kind, ['admin']);
  const clock = { now: Date.parse('2026-03-02T10:00:00Z') };
  let small: TestApi | undefined;
  const throttled = () => {
    small ??= createTestApi(
      t.tdb.handle.db,
      testConfig({
        limits: {
          ...DEFAULT_LIMITS,
          apiKey: { burst: 3, ...HOUR },
          apiKeyAddress: { burst: 6, ...HOUR },
          invite: { burst: 2, ...HOUR },
        },
      }),
      () => new Date(clock.now),
    );
    return small;
  };
  /** A request from `address`, as the node server hands it over (the socket's remote address). */
  const from = (address: string, path: string, init: RequestInit) =>
    throttled().app.request(path, init, { incoming: { socket: { remoteAddress: address } } });
  const withKey = (key: string, address = '203.0.113.10') =>
    from(address, '/api/v2/leads/get?limit=1', { headers: { authorization: `Bearer ${key}` } });
  const makeKey = async () => {
    const res = await t.api.call('POST', '/api/v2/api-keys/add', {
      token: t.tokens.admin,
      body: { name: 'Throttled', scopes: ['leads:read'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.data as { key: string }).key;
  };
  const expectRefused = async (res: Response, message: RegExp) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ success: false, message: expect.stringMatching(message) });
  };

  it('refuses an API key past its limit, then per address, and lets it in again once refilled', async () => {
    const [first, second] = [await makeKey(), await makeKey()];
    for (let i = 0; i < 3; i++) expect((await withKey(first)).status).toBe(200);
    const refused = await withKey(first);
    await expectRefused(refused, /This API key has made too many requests/);
    // One token every 1,200 s.
    expect(refused.headers.get('retry-after')).toBe('1200');
    // Another key is not held back by the first one's limit...
    expect((await withKey(second)).status).toBe(200);
    expect((await withKey(second)).status).toBe(200);
    // ...but the address has now sent 6 key requests.
    await expectRefused(await withKey(second), /Too many API key requests from this address/);
    expect((await withKey(second, '198.51.100.7')).status).toBe(200);
    clock.now += 1_200_000;
    expect((await withKey(first, '198.51.100.7')).status).toBe(200);
  });

  it('counts made-up API keys against their address without looking them up past the limit', async () => {
    const fake = (n: number) => `hs_${'a'.repeat(11)}${n}_${'A'.repeat(43)}`;
    for (let i = 0; i < 6; i++) expect((await withKey(fake(i), '192.0.2.44')).status).toBe(401);
    await expectRefused(await withKey(fake(7), '192.0.2.44'), /from this address/);
  });

  it('refuses invite attempts past the limit per client address', async () => {
    const accept = (address: string) =>
      from(address, '/api/v2/auth/invite', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'not-a-real-invite-token', password: 'long enough pw' }),
      });
    expect((await accept('203.0.113.50')).status).toBe(404);
    expect((await accept('203.0.113.50')).status).toBe(404);
    const refused = await accept('203.0.113.50');
    await expectRefused(refused, /Too many invite attempts from this address. Try again in 30 minutes/);
    expect(refused.headers.get('retry-after')).toBe('1800');
    // Another address is not held back.
    expect((await accept('203.0.113.51')).status).toBe(404);
  });
});
