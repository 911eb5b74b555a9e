import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '#server/db/schema.ts';
import { LOCK_AFTER_FAILURES } from '#server/services/auth.ts';
import { createTestApi, type TestApi, testConfig } from '../support/api.ts';
import { createWorld, PASSWORD, type World } from '../support/fixtures.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds('both'))('auth on %s', (kind) => {
  let tdb: TestDatabase;
  let api: TestApi;
  let world: World;

  beforeAll(async () => {
    tdb = await openTestDatabase(kind);
    world = await createWorld(tdb.handle.db);
    api = createTestApi(tdb.handle.db);
  });
  afterAll(async () => tdb?.dispose());

  it('signs in with email and password, sets an HTTP-only cookie valid one day', async () => {
    const res = await api.call('POST', '/api/v2/auth/login', {
      body: { email: world.users.rep.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.token).toBe('string');
    expect(res.body._id).toBe(world.users.rep.id);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/hs_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=86400/);
  });

  it('a sign-in stamps the user’s row with when they were last active, as a change devices pull', async () => {
    const admin = await api.login(world.users.admin.email, PASSWORD);
    const pull = async (cursor: number) => {
      const rows: Record<string, unknown>[] = [];
      for (let page = 0; page < 50; page++) {
        const res = await api.call('GET', `/api/v2/sync/pull?cursor=${cursor}`, { token: admin });
        rows.push(...(res.body.changes as { row: Record<string, unknown> }[]).map((c) => c.row));
        cursor = res.body.cursor as number;
        if (!res.body.has_more) return { rows, cursor };
      }
      throw new Error('pull did not finish');
    };
    const before = await pull(0);
    const held = before.rows.find((r) => r._id === world.users.rep2.id);
    await api.login(world.users.rep2.email, PASSWORD);
    const after = await pull(before.cursor);
    const row = after.rows.find((r) => r._id === world.users.rep2.id);
    expect(row?.version).toBeGreaterThan(Number(held?.version));
    expect(Date.parse(String(row?.last_active))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a wrong password with a clear message and never says which part was wrong', async () => {
    const res = await api.call('POST', '/api/v2/auth/login', {
      body: { email: world.users.rep2.email, password: 'nope' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'The email or password is incorrect.' });
    const unknown = await api.call('POST', '/api/v2/auth/login', {
      body: { email: 'nobody@test.local', password: 'nope' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(res.body.message);
  });

  it('rejects malformed sign-in bodies with 4xx, never 500', async () => {
    const cases = [
      { raw: '{"email": ', status: 400 },
      { body: { email: 'not-an-email', password: 'x' }, status: 400 },
      { body: { email: world.users.rep.email }, status: 400 },
      { body: { email: world.users.rep.email, password: 12 }, status: 400 },
      { body: { email: "' OR 1=1 --@x.com", password: "' OR '1'='1" }, status: 400 },
      { body: { email: world.users.rep.email, password: PASSWORD, extra: 1 }, status: 400 },
    ];
    for (const c of cases) {
      const res = await api.call('POST', '/api/v2/auth/login', c);
      expect(res.status, JSON.stringify(c)).toBe(c.status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBeTruthy();
    }
    const noType = await api.call('POST', '/api/v2/auth/login', {
      raw: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(noType.status).toBe(415);
  });

  it('slows and then locks repeated failed sign-ins, with a message saying when to retry', async () => {
    const email = world.users.guest.email;
    let last = await api.call('POST', '/api/v2/auth/login', { body: { email, password: 'wrong' } });
    for (let i = 1; i < LOCK_AFTER_FAILURES; i++) {
      last = await api.call('POST', '/api/v2/auth/login', { body: { email, password: 'wrong' } });
    }
    expect(last.status).toBe(401);
    const locked = await api.call('POST', '/api/v2/auth/login', { body: { email, password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts\. Try again in \d+ minutes?/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The lock is shared through the database; clearing it lets the right password in again.
    await tdb.handle.db.delete(loginAttempts).where(eq(loginAttempts.key, email.toLowerCase()));
    const again = await api.call('POST', '/api/v2/auth/login', { body: { email, password: PASSWORD } });
    expect(again.status).toBe(200);
  }, 60_000);

  it('validates a token with the spec fields and rejects a bad one as not active', async () => {
    const token = await api.login(world.users.rep.email, PASSWORD);
    const res = await api.call('POST', '/api/v2/auth/validate', { token });
    expect(res.status).toBe(200);
    for (const field of [
      'active',
      'id',
      'orgs',
      'jwt',
      'ref_lookup',
      'ref_id',
      '_id',
      'name',
      'pfp',
      'phone',
      'email',
      'access',
      'status',
      'terms_accepted',
    ]) {
      expect(res.body, field).toHaveProperty(field);
    }
    expect(res.body.active).toBe(true);
    expect(res.body.orgs).toEqual([6]);
    expect(res.body.access).toBe('User');
    expect(res.body.terms_accepted).toBeNull();
    const bad = await api.call('POST', '/api/v2/auth/validate', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body.active).toBe(false);
  });

  it('accepts the current terms, refuses an outdated version, and reports acceptance on validate', async () => {
    const token = await api.login(world.users.rep2.email, PASSWORD);
    const terms = await api.call('GET', '/api/v2/legal/terms');
    expect(terms.status).toBe(200);
    expect(terms.body.version).toBe('2026-01');
    const stale = await api.call('POST', '/api/v2/auth/accept', { token, body: { tosVersion: '2020-01' } });
    expect(stale.status).toBe(409);
    const missing = await api.call('POST', '/api/v2/auth/accept', { token, body: {} });
    expect(missing.status).toBe(400);
    const accepted = await api.call('POST', '/api/v2/auth/accept', {
      token,
      body: { tos_version: '2026-01' },
    });
    expect(accepted.status).toBe(200);
    const validated = await api.call('POST', '/api/v2/auth/validate', { token });
    expect(validated.body.terms_accepted).toBe('2026-01');
  });

  it('logs out: the token stops working', async () => {
    const token = await api.login(world.users.manager.email, PASSWORD);
    expect((await api.call('GET', '/api/v2/leads/get?limit=1', { token })).status).toBe(200);
    expect((await api.call('POST', '/api/v2/auth/logout', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/v2/leads/get?limit=1', { token })).status).toBe(401);
  });

  it('expires sessions after 86,400 s', async () => {
    let now = new Date();
    const clocked = createTestApi(tdb.handle.db, testConfig(), () => now);
    const token = await clocked.login(world.users.admin.email, PASSWORD);
    now = new Date(now.getTime() + 86_399_000);
    expect(
      (
        await createTestApi(tdb.handle.db, testConfig(), () => now).call('GET', '/api/v2/leads/get?limit=1', {
          token,
        })
      ).status,
    ).toBe(200);
    now = new Date(now.getTime() + 2_000);
    expect(
      (
        await createTestApi(tdb.handle.db, testConfig(), () => now).call('GET', '/api/v2/leads/get?limit=1', {
          token,
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a session signed out through another instance at once, though this one holds its caller', async () => {
    const other = createTestApi(tdb.handle.db);
    const token = await api.login(world.users.rep.email, PASSWORD);
    // The other instance signs the caller in and keeps them in its short-lived cache.
    expect((await other.call('GET', '/api/v2/leads/get?limit=1', { token })).status).toBe(200);
    expect((await api.call('POST', '/api/v2/auth/logout', { token })).status).toBe(200);
    expect((await other.call('GET', '/api/v2/leads/get?limit=1', { token })).status).toBe(401);
  });

  it('refuses a session the moment it expires, though its caller is still cached', async () => {
    let now = new Date();
    const clocked = createTestApi(tdb.handle.db, testConfig(), () => now);
    const token = await clocked.login(world.users.rep.email, PASSWORD);
    now = new Date(now.getTime() + 86_399_000);
    expect((await clocked.call('GET', '/api/v2/leads/get?limit=1', { token })).status).toBe(200);
    // Within the cache's few seconds, past the session's end.
    now = new Date(now.getTime() + 2_000);
    expect((await clocked.call('GET', '/api/v2/leads/get?limit=1', { token })).status).toBe(401);
  });

  it('honours the development key only in development mode', async () => {
    const dev = createTestApi(tdb.handle.db, testConfig({ mode: 'development', devKey: 'dev-secret-key' }));
    const ok = await dev.call('GET', '/api/v2/leads/get?limit=1', {
      headers: { authorization: 'dev-secret-key' },
    });
    expect(ok.status).toBe(200);
    const prod = createTestApi(tdb.handle.db, testConfig({ mode: 'production', devKey: 'dev-secret-key' }));
    const refused = await prod.call('GET', '/api/v2/leads/get?limit=1', {
      headers: { authorization: 'dev-secret-key' },
    });
    expect(refused.status).toBe(401);
  });

  it('answers every request with security headers', async () => {
    const res = await api.call('GET', '/api/health');
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await api.call('GET', '/api/v2/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
