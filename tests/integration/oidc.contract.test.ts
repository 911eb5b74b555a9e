import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userOidcIdentities, users } from '#server/db/schema.ts';
import { createTestApi, type TestApi, testConfig } from '../support/api.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { type LocalOidcProvider, startOidcProvider } from '../support/oidcProvider.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

/** The value of one cookie in a Set-Cookie answer. */
function cookieOf(res: Response, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [key, ...value] = (pair ?? '').split('=');
    if (key?.trim() === name) return value.join('=');
  }
  return undefined;
}

describe.each(testDatabaseKinds())('third-party sign-in (OpenID Connect) on %s', (kind) => {
  const t = useApiWorld(kind, []);
  let provider: LocalOidcProvider;
  let api: TestApi;

  beforeAll(async () => {
    provider = await startOidcProvider();
    api = createTestApi(
      t.tdb.handle.db,
      testConfig({
        oidc: {
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          label: 'Acme ID',
          redirectUrl: undefined,
        },
      }),
    );
  });
  afterAll(async () => provider?.close());

  const get = (path: string, cookie?: string) =>
    api.app.request(path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

  /** Starts at /auth/oidc, lets the provider approve, and returns the callback address and the flow cookie. */
  async function throughProvider(returnTo = '/contacts') {
    const start = await get(`/auth/oidc?return=${encodeURIComponent(returnTo)}`);
    expect(start.status).toBe(302);
    const flow = cookieOf(start, 'hs_oidc');
    expect(flow).toBeTruthy();
    expect(start.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost/auth/oidc/callback');
    const approved = await fetch(authorize, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get('location') ?? '');
    return { callback: callback.pathname + callback.search, flow: `hs_oidc=${flow}` };
  }

  function loginAddress(res: Response): URL {
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '', 'http://localhost');
    expect(location.pathname).toBe('/auth/login');
    return location;
  }

  it('offers the option with its label when configured, and hides it otherwise', async () => {
    const shown = await api.call('GET', '/api/v2/auth/options');
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ success: true, password: true, oidc: { label: 'Acme ID' } });
    const hidden = await t.api.call('GET', '/api/v2/auth/options');
    expect(hidden.body).toEqual({ success: true, password: true, oidc: null });
    // Without a client id the browser addresses do not exist on the server.
    const start = await t.api.app.request('/auth/oidc', { redirect: 'manual' });
    expect(start.status).toBe(404);
  });

  it('signs in an active user by verified email with the normal session, and returns to the path', async () => {
    provider.identity = {
      sub: 'acme-rep',
      email: t.world.users.rep.email.toUpperCase(),
      email_verified: true,
    };
    const { callback, flow } = await throughProvider('/contacts?tab=mine');
    const done = await get(callback, flow);
    const login = loginAddress(done);
    expect(login.searchParams.get('oidc')).toBe('1');
    expect(login.searchParams.get('return')).toBe('/contacts?tab=mine');
    const session = cookieOf(done, 'hs_session');
    expect(session).toBeTruthy();
    const setCookies = done.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/hs_session=[^;]+;[^\n]*Max-Age=86400/);
    expect(setCookies).toMatch(/hs_session=[^\n]*HttpOnly/i);
    // The flow cookie is spent.
    expect(setCookies).toMatch(/hs_oidc=;/);

    const validated = await api.call('POST', '/api/v2/auth/validate', {
      headers: { cookie: `hs_session=${session}` },
    });
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({
      active: true,
      _id: t.world.users.rep.id,
      email: t.world.users.rep.email,
      jwt: session,
    });
    expect(validated.body).toHaveProperty('terms_accepted');
  });

  it('signs a user of another org into their own org', async () => {
    provider.identity = { sub: 'acme-outsider', email: t.world.users.outsider.email, email_verified: true };
    const { callback, flow } = await throughProvider('/');
    const done = await get(callback, flow);
    expect(loginAddress(done).searchParams.get('return')).toBeNull();
    const validated = await api.call('POST', '/api/v2/auth/validate', {
      headers: { cookie: `hs_session=${cookieOf(done, 'hs_session')}` },
    });
    expect(validated.body).toMatchObject({ _id: t.world.users.outsider.id });
    expect((validated.body.ref_lookup as { org_id: number }).org_id).toBe(t.world.otherOrg);
  });

  it('refuses an unverified email and creates nothing', async () => {
    provider.identity = { sub: 'acme-unverified', email: t.world.users.rep.email, email_verified: false };
    const { callback, flow } = await throughProvider();
    const done = await get(callback, flow);
    const login = loginAddress(done);
    expect(login.searchParams.get('oidc_error')).toBe('unverified');
    expect(login.searchParams.get('return')).toBe('/contacts');
    expect(cookieOf(done, 'hs_session')).toBeUndefined();

    provider.identity = { sub: 'acme-no-email' };
    const again = await throughProvider();
    expect(loginAddress(await get(again.callback, again.flow)).searchParams.get('oidc_error')).toBe(
      'unverified',
    );
  });

  it('refuses an email no user has, without creating an account', async () => {
    const email = `nobody.${Date.now()}@test.local`;
    provider.identity = { sub: 'acme-stranger', email, email_verified: true };
    const { callback, flow } = await throughProvider();
    const done = await get(callback, flow);
    expect(loginAddress(done).searchParams.get('oidc_error')).toBe('unknown');
    expect(cookieOf(done, 'hs_session')).toBeUndefined();
    const created = await t.tdb.handle.db.select().from(users).where(eq(users.email, email));
    expect(created).toHaveLength(0);
  });

  it('refuses a missing, changed or foreign state, and a missing flow cookie', async () => {
    provider.identity = { sub: 'acme-rep', email: t.world.users.rep.email, email_verified: true };
    const { callback, flow } = await throughProvider();
    const url = new URL(callback, 'http://localhost');

    const noState = new URL(url);
    noState.searchParams.delete('state');
    expect(
      loginAddress(await get(noState.pathname + noState.search, flow)).searchParams.get('oidc_error'),
    ).toBe('failed');

    const badState = new URL(url);
    badState.searchParams.set('state', 'not-the-state');
    const bad = await get(badState.pathname + badState.search, flow);
    expect(loginAddress(bad).searchParams.get('oidc_error')).toBe('failed');
    expect(cookieOf(bad, 'hs_session')).toBeUndefined();

    // Another attempt's cookie (an attacker's own flow) does not fit this answer.
    const other = await throughProvider();
    expect(loginAddress(await get(callback, other.flow)).searchParams.get('oidc_error')).toBe('failed');

    expect(loginAddress(await get(callback)).searchParams.get('oidc_error')).toBe('failed');
    expect(
      loginAddress(await get(callback, 'hs_oidc=v1.forged.value.x')).searchParams.get('oidc_error'),
    ).toBe('failed');
  });

  it('refuses a code used twice', async () => {
    provider.identity = { sub: 'acme-rep', email: t.world.users.rep.email, email_verified: true };
    const { callback, flow } = await throughProvider();
    const first = await get(callback, flow);
    expect(loginAddress(first).searchParams.get('oidc')).toBe('1');
    // The same answer and the same cookie again (a replay): the provider refuses the spent code.
    const replay = await get(callback, flow);
    expect(loginAddress(replay).searchParams.get('oidc_error')).toBe('failed');
    expect(cookieOf(replay, 'hs_session')).toBeUndefined();
    const code = new URL(callback, 'http://localhost').searchParams.get('code');
    expect(provider.tokenRequests.filter((r) => r.code === code).map((r) => r.status)).toEqual([200, 400]);
  });

  it('refuses a sign-in the person cancelled at the provider', async () => {
    provider.deny = true;
    try {
      const { callback, flow } = await throughProvider();
      expect(loginAddress(await get(callback, flow)).searchParams.get('oidc_error')).toBe('failed');
    } finally {
      provider.deny = false;
    }
  });

  it('never returns to another site', async () => {
    provider.identity = { sub: 'acme-rep', email: t.world.users.rep.email, email_verified: true };
    for (const target of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/auth/login',
      '/.//evil.example',
      '/%2e//evil.example',
      '/..//evil.example',
    ]) {
      const { callback, flow } = await throughProvider(target);
      const login = loginAddress(await get(callback, flow));
      expect(login.searchParams.get('oidc')).toBe('1');
      expect(login.searchParams.get('return')).toBeNull();
    }
  });

  it('refuses a deactivated account', async () => {
    const { guest } = t.world.users;
    await t.tdb.handle.db.update(users).set({ active: false }).where(eq(users.id, guest.id));
    try {
      provider.identity = { sub: 'acme-guest', email: guest.email, email_verified: true };
      const { callback, flow } = await throughProvider();
      const done = await get(callback, flow);
      expect(loginAddress(done).searchParams.get('oidc_error')).toBe('deactivated');
      expect(cookieOf(done, 'hs_session')).toBeUndefined();
    } finally {
      await t.tdb.handle.db.update(users).set({ active: true }).where(eq(users.id, guest.id));
    }
  });

  /** Signs in as `identity` and answers the sign-in page's verdict: 'ok' or the refusal's reason. */
  async function signInAs(identity: { sub: string; email: string }): Promise<string | null> {
    provider.identity = { ...identity, email_verified: true };
    const { callback, flow } = await throughProvider();
    const done = await get(callback, flow);
    const login = loginAddress(done);
    if (login.searchParams.get('oidc') === '1') return cookieOf(done, 'hs_session') ? 'ok' : 'no session';
    expect(cookieOf(done, 'hs_session')).toBeUndefined();
    return login.searchParams.get('oidc_error');
  }

  const linksOf = (userId: string) =>
    t.tdb.handle.db
      .select({ issuer: userOidcIdentities.issuer, subject: userOidcIdentities.subject })
      .from(userOidcIdentities)
      .where(eq(userOidcIdentities.user_id, userId));

  it('links the provider account at the first sign-in and refuses another account showing the same email', async () => {
    const { manager } = t.world.users;
    expect(await signInAs({ sub: 'acme-manager', email: manager.email })).toBe('ok');
    expect(await linksOf(manager.id)).toEqual([{ issuer: provider.issuer, subject: 'acme-manager' }]);

    // Another account at the provider that shows (or was given) the same verified email.
    expect(await signInAs({ sub: 'acme-impostor', email: manager.email.toUpperCase() })).toBe(
      'subject_mismatch',
    );
    expect(await linksOf(manager.id)).toEqual([{ issuer: provider.issuer, subject: 'acme-manager' }]);
    expect(
      await t.tdb.handle.db
        .select()
        .from(userOidcIdentities)
        .where(eq(userOidcIdentities.subject, 'acme-impostor')),
    ).toEqual([]);

    expect(await signInAs({ sub: 'acme-manager', email: manager.email })).toBe('ok');
  });

  it('signs a linked account in only while its user still has the email it shows', async () => {
    const { rep2, privileged } = t.world.users;
    expect(await signInAs({ sub: 'acme-rep2', email: rep2.email })).toBe('ok');
    // The same account now shows another user's email: it is not that user's account.
    expect(await signInAs({ sub: 'acme-rep2', email: privileged.email })).toBe('subject_mismatch');
    expect(await linksOf(privileged.id)).toEqual([]);
    expect(await signInAs({ sub: 'acme-rep2', email: `gone.${Date.now()}@test.local` })).toBe('unknown');
    expect(await signInAs({ sub: 'acme-rep2', email: rep2.email })).toBe('ok');
  });

  it('links only one of two first sign-ins finishing at the same time with different accounts', async () => {
    const { admin } = t.world.users;
    provider.identity = { sub: 'acme-admin-a', email: admin.email, email_verified: true };
    const a = await throughProvider();
    provider.identity = { sub: 'acme-admin-b', email: admin.email, email_verified: true };
    const b = await throughProvider();
    const results = await Promise.all([get(a.callback, a.flow), get(b.callback, b.flow)]);
    const verdicts = results.map((res) => {
      const login = loginAddress(res);
      return login.searchParams.get('oidc') === '1' ? 'ok' : login.searchParams.get('oidc_error');
    });
    expect([...verdicts].sort()).toEqual(['ok', 'subject_mismatch']);
    // The account that won is the one linked.
    expect(await linksOf(admin.id)).toEqual([
      { issuer: provider.issuer, subject: verdicts[0] === 'ok' ? 'acme-admin-a' : 'acme-admin-b' },
    ]);
  });

  it('no longer counts a link to a deleted user', async () => {
    const { superAdmin, privileged } = t.world.users;
    expect(await signInAs({ sub: 'acme-super', email: superAdmin.email })).toBe('ok');
    const deletedAt = new Date().toISOString();
    await t.tdb.handle.db.update(users).set({ deleted_at: deletedAt }).where(eq(users.id, superAdmin.id));
    try {
      expect(await signInAs({ sub: 'acme-super', email: superAdmin.email })).toBe('unknown');
      // The account, now showing an active user's email, is linked to that user.
      expect(await signInAs({ sub: 'acme-super', email: privileged.email })).toBe('ok');
      expect(await linksOf(privileged.id)).toEqual([{ issuer: provider.issuer, subject: 'acme-super' }]);
      expect(await linksOf(superAdmin.id)).toEqual([]);
    } finally {
      await t.tdb.handle.db.update(users).set({ deleted_at: null }).where(eq(users.id, superAdmin.id));
    }
  });

  it('sends the browser back to the sign-in page when the provider cannot be reached', async () => {
    const down = createTestApi(
      t.tdb.handle.db,
      testConfig({
        oidc: {
          issuer: 'http://127.0.0.1:9',
          clientId: 'x',
          clientSecret: undefined,
          label: 'Down',
          redirectUrl: undefined,
        },
      }),
    );
    const res = await down.app.request('/auth/oidc?return=%2Fcontacts', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/login?oidc_error=failed&return=%2Fcontacts');
  });
});
