import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi, testConfig } from '../support/api.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('route rules on %s', (kind) => {
  const t = useApiWorld(kind, []);
  let api: TestApi;
  const tokens = {} as Record<UserKey, string>;
  const who: UserKey[] = ['admin', 'rep', 'guest', 'outsider'];

  beforeAll(async () => {
    // The deployment's rules (ROUTE_RULES), as the server reads them.
    api = createTestApi(
      t.tdb.handle.db,
      testConfig({
        routeRules: [
          { from: '/help', to: 'https://help.example.com/start', status: 301 },
          { from: '/old-board/', to: '/dashboard', status: 302 },
        ],
      }),
    );
    for (const key of who) tokens[key] = await api.login(t.world.users[key].email, PASSWORD);
  });

  const lookup = (key: UserKey | undefined, path: string) =>
    api.call(
      'GET',
      `/api/v2/route-rules?path=${encodeURIComponent(path)}`,
      key ? { token: tokens[key] } : {},
    );

  it('answers the external redirect a rule gives a path, to every signed-in user of any org', async () => {
    for (const key of who) {
      const res = await lookup(key, '/help');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.redirect).toEqual({
        to: 'https://help.example.com/start',
        external: true,
        status: 301,
      });
    }
  });

  it('answers an in-app redirect, ignoring a trailing slash and the query, and null where no rule covers', async () => {
    expect((await lookup('rep', '/old-board?x=1')).body.redirect).toEqual({
      to: '/dashboard',
      external: false,
      status: 302,
    });
    const none = await lookup('rep', '/no-such-screen');
    expect(none.status).toBe(200);
    expect(none.body.redirect).toBeNull();
  });

  it('refuses a caller without a session', async () => {
    expect((await lookup(undefined, '/help')).status).toBe(401);
  });

  it('refuses bad input with a clear 400', async () => {
    for (const path of ['https://evil.example', '//evil.example', 'help', 'x'.repeat(2100)]) {
      const res = await lookup('rep', path);
      expect(res.status, path).toBe(400);
      expect(String(res.body.message)).toMatch(/path/);
    }
    const missing = await api.call('GET', '/api/v2/route-rules', { token: tokens.rep });
    expect(missing.status).toBe(400);
    expect(String(missing.body.message)).toMatch(/path/);
  });

  it('has no rules unless the deployment sets them', async () => {
    const res = await t.api.call('GET', '/api/v2/route-rules?path=%2Fhelp', {
      token: await t.api.login(t.world.users.rep.email, PASSWORD),
    });
    expect(res.status).toBe(200);
    expect(res.body.redirect).toBeNull();
  });
});
