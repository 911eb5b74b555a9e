import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations, oauthStates, users } from '#server/db/schema.ts';
import { JOB_DEFINITIONS } from '#server/jobs/definitions.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { refreshExpiringTokens, validAccessToken } from '#server/services/integrations/connections.ts';
import { useResolver } from '#server/services/outbound/outboundFetch.ts';
import { secretBoxOf } from '#server/services/secretBox.ts';
import { STATE_EXPIRED, STATE_UNKNOWN } from '#src/domain/schemas/integrations.ts';
import { createTestApi, testConfig } from '../support/api.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { approveAt, type LocalOAuthProvider, startOAuthProvider } from '../support/oauthProvider.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('integrations on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep', 'rep2', 'guest', 'outsider']);
  let oauth: LocalOAuthProvider;
  let providerId = '';
  const config = testConfig();
  const services = (): ServiceContext => ({ db: t.tdb.handle.db, config, now: () => new Date() });

  beforeAll(async () => {
    oauth = await startOAuthProvider();
    // Two hours, so only the tokens a test brings near expiry are due for the refresh job.
    oauth.expiresIn = 7200;
  });
  afterAll(async () => oauth?.close());

  const providerBody = (key: string) => ({
    key,
    name: 'Local CRM',
    client_id: oauth.clientId,
    client_secret: oauth.clientSecret,
    authorize_url: oauth.authorizeUrl,
    token_url: oauth.tokenUrl,
    revoke_url: oauth.revokeUrl,
    scopes: ['contacts.read', 'offline_access'],
  });

  /** Connects `who` to the provider through the local provider, as the callback page would. */
  const connect = async (who: UserKey, key = 'local') => {
    const started = await t.api.call('POST', '/api/v2/integrations/connect', {
      token: t.tokens[who],
      body: { provider: key },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const back = await approveAt(String(started.body.url));
    const code = back.searchParams.get('code') ?? '';
    const state = back.searchParams.get('state') ?? '';
    const done = await t.api.call('POST', '/api/v2/integrations/callback', {
      token: t.tokens[who],
      body: { code, state },
    });
    return { started, back, code, state, done };
  };

  const storedRow = async (id: string) =>
    (await t.tdb.handle.db.select().from(integrations).where(eq(integrations.id, id)))[0];

  it('admins set up providers; the secret is write-only; bad input and wrong roles are refused', async () => {
    const added = await t.api.call('POST', '/api/v2/integrations/providers/add', {
      token: t.tokens.admin,
      body: providerBody('local'),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const data = added.body.data as Record<string, unknown>;
    providerId = String(data.id);
    expect(data).toMatchObject({ key: 'local', client_secret_set: true, enabled: true });
    expect(JSON.stringify(added.body)).not.toContain(oauth.clientSecret);

    const again = await t.api.call('POST', '/api/v2/integrations/providers/add', {
      token: t.tokens.admin,
      body: providerBody('local'),
    });
    expect(again.status).toBe(409);

    const badUrl = await t.api.call('POST', '/api/v2/integrations/providers/add', {
      token: t.tokens.admin,
      body: { ...providerBody('bad'), token_url: 'ftp://example.com/token' },
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toMatchObject({ success: false });
    expect(badUrl.body.message).toContain('token_url');
    const badKey = await t.api.call('POST', '/api/v2/integrations/providers/add', {
      token: t.tokens.admin,
      body: { ...providerBody('Not A Key!') },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toContain('key');

    const asRep = await t.api.call('POST', '/api/v2/integrations/providers/add', {
      token: t.tokens.rep,
      body: providerBody('reps-own'),
    });
    expect(asRep.status).toBe(403);
    const editAsRep = await t.api.call('POST', '/api/v2/integrations/providers/edit', {
      token: t.tokens.rep,
      body: { id: providerId, name: 'Taken over' },
    });
    expect(editAsRep.status).toBe(403);

    // Another org's admin cannot see or touch it.
    const editOther = await t.api.call('POST', '/api/v2/integrations/providers/edit', {
      token: t.tokens.outsider,
      body: { id: providerId, name: 'Taken over' },
    });
    expect(editOther.status).toBe(404);
    const otherList = await t.api.call('GET', '/api/v2/integrations/providers', { token: t.tokens.outsider });
    expect(JSON.stringify(otherList.body)).not.toContain(providerId);

    // A rep sees the enabled providers to connect to, without their settings.
    const repList = await t.api.call('GET', '/api/v2/integrations/providers', { token: t.tokens.rep });
    expect(repList.status).toBe(200);
    expect(repList.body.data).toEqual([
      { id: providerId, key: 'local', name: 'Local CRM', scopes: ['contacts.read', 'offline_access'] },
    ]);

    const renamed = await t.api.call('POST', '/api/v2/integrations/providers/edit', {
      token: t.tokens.admin,
      body: { id: providerId, name: 'Local CRM' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ client_secret_set: true });
  });

  it('connects through the local provider with state and PKCE; tokens stay sealed on the server', async () => {
    const { started, back, done } = await connect('rep');
    const authorize = new URL(String(started.body.url));
    expect(authorize.origin).toBe(oauth.origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/settings\/integrations\/callback$/);
    expect(back.pathname).toBe('/settings/integrations/callback');

    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const connection = done.body.data as Record<string, unknown>;
    expect(connection).toMatchObject({
      provider_key: 'local',
      status: 'connected',
      scopes: ['contacts.read', 'offline_access'],
    });
    expect(typeof connection.token_expires_at).toBe('string');
    const text = JSON.stringify(done.body);
    for (const live of oauth.liveTokens) expect(text).not.toContain(live);
    expect(text).not.toMatch(/token_enc|access_token|refresh_token/);

    const row = await storedRow(String(connection.id));
    expect(row?.access_token_enc).toMatch(/^v2\./);
    expect(row?.refresh_token_enc).toMatch(/^v2\./);
    expect(oauth.liveTokens.has(row?.access_token_enc ?? '')).toBe(false);
    expect(
      oauth.liveTokens.has(secretBoxOf(config).open(row?.access_token_enc ?? '', 'oauth.access_token')),
    ).toBe(true);

    const list = await t.api.call('GET', '/api/v2/integrations/list', { token: t.tokens.rep });
    expect(list.body.data).toEqual([expect.objectContaining({ id: connection.id, status: 'connected' })]);
    // Connections are one's own: another user of the org does not see them.
    const theirs = await t.api.call('GET', '/api/v2/integrations/list', { token: t.tokens.rep2 });
    expect(theirs.body.data).toEqual([]);
  });

  it('a state is used once, only by its own user, and not after 10 minutes', async () => {
    const { code, state, done } = await connect('rep2');
    expect(done.status).toBe(200);
    const reused = await t.api.call('POST', '/api/v2/integrations/callback', {
      token: t.tokens.rep2,
      body: { code, state },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ success: false, message: STATE_UNKNOWN });

    // Someone else's attempt is unknown to another user (and stays usable by its own).
    const started = await t.api.call('POST', '/api/v2/integrations/connect', {
      token: t.tokens.rep2,
      body: { provider: 'local' },
    });
    const back = await approveAt(String(started.body.url));
    const stolen = {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    };
    for (const who of ['rep', 'outsider'] as const) {
      const refused = await t.api.call('POST', '/api/v2/integrations/callback', {
        token: t.tokens[who],
        body: stolen,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(STATE_UNKNOWN);
    }
    const later = createTestApi(t.tdb.handle.db, config, () => new Date(Date.now() + 11 * 60_000));
    const expired = await later.call('POST', '/api/v2/integrations/callback', {
      token: t.tokens.rep2,
      body: stolen,
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(STATE_EXPIRED);
  });

  it('a verifier the provider does not accept is a clear refusal', async () => {
    const started = await t.api.call('POST', '/api/v2/integrations/connect', {
      token: t.tokens.guest,
      body: { provider: 'local' },
    });
    const back = await approveAt(String(started.body.url));
    const state = back.searchParams.get('state') ?? '';
    await t.tdb.handle.db
      .update(oauthStates)
      .set({ code_verifier_enc: secretBoxOf(config).seal('x'.repeat(64), 'oauth.pkce_verifier') })
      .where(eq(oauthStates.state, state));
    const refused = await t.api.call('POST', '/api/v2/integrations/callback', {
      token: t.tokens.guest,
      body: { code: back.searchParams.get('code'), state },
    });
    expect(refused.status).toBe(400);
    // The standard error code only: the provider's own words are not passed on.
    expect(refused.body.message).toBe('Connecting to Local CRM refused: invalid_grant.');
  });

  it('a provider refusing at authorize sends the error back with the state', async () => {
    const started = await t.api.call('POST', '/api/v2/integrations/connect', {
      token: t.tokens.rep,
      body: { provider: 'local' },
    });
    const back = await approveAt(String(started.body.url), true);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refreshes a token near expiry when used and by the job; a refused refresh asks to reconnect', async () => {
    const list = await t.api.call('GET', '/api/v2/integrations/list', { token: t.tokens.rep });
    const id = String((list.body.data as { id: string }[])[0]?.id);
    const before = await storedRow(id);
    const oldAccess = secretBoxOf(config).open(before?.access_token_enc ?? '', 'oauth.access_token');

    // Fresh: used as it is.
    expect(await validAccessToken(services(), id)).toBe(oldAccess);

    const soon = new Date(Date.now() + 60_000).toISOString();
    await t.tdb.handle.db.update(integrations).set({ token_expires_at: soon }).where(eq(integrations.id, id));
    const renewed = await validAccessToken(services(), id);
    expect(renewed).not.toBe(oldAccess);
    expect(oauth.liveTokens.has(renewed)).toBe(true);
    expect(oauth.grants.at(-1)).toBe('refresh_token');
    expect(new Date((await storedRow(id))?.token_expires_at ?? 0).getTime()).toBeGreaterThan(
      Date.now() + 3_000_000,
    );

    // The job renews what expires within the hour.
    const withinHour = new Date(Date.now() + 30 * 60_000).toISOString();
    await t.tdb.handle.db
      .update(integrations)
      .set({ token_expires_at: withinHour })
      .where(eq(integrations.id, id));
    const job = JOB_DEFINITIONS['integration-token-refresh'];
    expect(job.cron).toBe('*/15 * * * *');
    // An attempt nobody finished, long expired: the job drops it.
    await t.tdb.handle.db.insert(oauthStates).values({
      state: 'abandoned-attempt-0000000000',
      org_id: t.world.org,
      user_id: t.world.users.rep.id,
      provider_id: providerId,
      code_verifier_enc: secretBoxOf(config).seal('v'.repeat(43), 'oauth.pkce_verifier'),
      expires_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await job.run(services(), { data: {}, createdOn: new Date() });
    const left = await t.tdb.handle.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.state, 'abandoned-attempt-0000000000'));
    expect(left).toEqual([]);
    const afterJob = await storedRow(id);
    expect(new Date(afterJob?.token_expires_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(await refreshExpiringTokens(services())).toEqual({ refreshed: 0, failed: 0 });

    // Two renewals at once with a provider that rotates refresh tokens: the loser does not mark the
    // connection broken; it stays connected with the winner's tokens.
    await t.tdb.handle.db.update(integrations).set({ token_expires_at: soon }).where(eq(integrations.id, id));
    const both = await Promise.allSettled([
      validAccessToken(services(), id),
      validAccessToken(services(), id),
    ]);
    expect(both.some((r) => r.status === 'fulfilled')).toBe(true);
    const settled = await storedRow(id);
    expect(settled).toMatchObject({ status: 'connected', last_error: null });
    expect(oauth.liveTokens.has(await validAccessToken(services(), id))).toBe(true);

    // A refresh token the provider no longer knows: the connection needs a reconnect, and says why.
    await t.tdb.handle.db
      .update(integrations)
      .set({
        token_expires_at: withinHour,
        refresh_token_enc: secretBoxOf(config).seal('rt_unknown', 'oauth.refresh_token'),
      })
      .where(eq(integrations.id, id));
    expect(await refreshExpiringTokens(services())).toEqual({ refreshed: 0, failed: 1 });
    const failed = await t.api.call('GET', '/api/v2/integrations/list', { token: t.tokens.rep });
    expect(failed.body.data).toEqual([
      expect.objectContaining({
        id,
        status: 'needs_reconnect',
        last_error: expect.stringContaining('invalid_grant'),
      }),
    ]);
    await expect(validAccessToken(services(), id)).rejects.toThrow(/invalid_grant/);

    // Connecting again puts it right.
    const { done } = await connect('rep');
    expect(done.body.data).toMatchObject({ id, status: 'connected', last_error: null });
  });

  it('disconnecting revokes at the provider and removes the tokens; a failed revoke still removes them', async () => {
    const list = await t.api.call('GET', '/api/v2/integrations/list', { token: t.tokens.rep });
    const id = String((list.body.data as { id: string }[])[0]?.id);
    const refresh = secretBoxOf(config).open(
      (await storedRow(id))?.refresh_token_enc ?? '',
      'oauth.refresh_token',
    );

    const other = await t.api.call('POST', '/api/v2/integrations/disconnect', {
      token: t.tokens.outsider,
      body: { id },
    });
    expect(other.status).toBe(404);
    const colleague = await t.api.call('POST', '/api/v2/integrations/disconnect', {
      token: t.tokens.admin,
      body: { id },
    });
    expect(colleague.status).toBe(404);

    const gone = await t.api.call('POST', '/api/v2/integrations/disconnect', {
      token: t.tokens.rep,
      body: { id },
    });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ revoked: true, revoke_error: null });
    expect(oauth.revoked).toContain(refresh);
    const row = await storedRow(id);
    expect(row).toMatchObject({ access_token_enc: null, refresh_token_enc: null });
    expect(row?.deleted_at).not.toBeNull();
    expect((await t.api.call('GET', '/api/v2/integrations/list', { token: t.tokens.rep })).body.data).toEqual(
      [],
    );

    const theirs = (await t.api.call('GET', '/api/v2/integrations/list', { token: t.tokens.rep2 })).body
      .data as { id: string }[];
    oauth.failRevoke = true;
    try {
      const failed = await t.api.call('POST', '/api/v2/integrations/disconnect', {
        token: t.tokens.rep2,
        body: { id: theirs[0]?.id },
      });
      expect(failed.status).toBe(200);
      expect(failed.body.revoked).toBe(false);
      expect(String(failed.body.revoke_error)).toContain('Local CRM');
      expect((await storedRow(String(theirs[0]?.id)))?.access_token_enc).toBeNull();
    } finally {
      oauth.failRevoke = false;
    }
  });

  it('connect refuses unknown, other orgs’ and turned-off providers', async () => {
    const other = await t.api.call('POST', '/api/v2/integrations/connect', {
      token: t.tokens.outsider,
      body: { provider: 'local' },
    });
    expect(other.status).toBe(404);
    const bad = await t.api.call('POST', '/api/v2/integrations/connect', {
      token: t.tokens.rep,
      body: { provider: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('provider');
    await t.api.call('POST', '/api/v2/integrations/providers/edit', {
      token: t.tokens.admin,
      body: { id: providerId, enabled: false },
    });
    const off = await t.api.call('POST', '/api/v2/integrations/connect', {
      token: t.tokens.rep,
      body: { provider: 'local' },
    });
    expect(off.status).toBe(400);
    expect(off.body.message).toContain('turned off');
    const deleted = await t.api.call('POST', '/api/v2/integrations/providers/delete', {
      token: t.tokens.admin,
      body: { id: providerId },
    });
    expect(deleted.status).toBe(200);
    const none = await t.api.call('GET', '/api/v2/integrations/providers', { token: t.tokens.admin });
    expect(JSON.stringify(none.body)).not.toContain(providerId);
  });

  it('add_integration records a value for a rep, in the spec envelope', async () => {
    const [repRow] = await t.tdb.handle.db
      .select({ legacy_id: users.legacy_id })
      .from(users)
      .where(eq(users.id, t.world.users.rep.id));
    const own = await t.api.call('POST', '/api/add_integration', {
      token: t.tokens.rep,
      body: { data: 'enerflo', auth_token: t.tokens.rep, rep_id: t.world.users.rep.id, value: 'EF-1001' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({
      success: true,
      data: { kind: 'enerflo', value: 'EF-1001', user_id: t.world.users.rep.id },
    });
    // Again for the same kind replaces the value; the numeric user id names the rep too.
    const again = await t.api.call('POST', '/api/add_integration', {
      token: t.tokens.admin,
      body: { data: { kind: 'enerflo', name: 'Enerflo' }, rep_id: repRow?.legacy_id, value: 'EF-2002' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ _id: (own.body.data as { _id: string })._id, value: 'EF-2002' });

    const forOther = await t.api.call('POST', '/api/add_integration', {
      token: t.tokens.rep,
      body: { data: 'enerflo', rep_id: t.world.users.rep2.id, value: 'EF-3' },
    });
    expect(forOther.status).toBe(403);
    expect(forOther.body).toEqual({
      success: false,
      message: 'Add error',
      reason: 'You can only add integrations to your own account.',
    });
    const otherOrg = await t.api.call('POST', '/api/add_integration', {
      token: t.tokens.outsider,
      body: { data: 'enerflo', rep_id: t.world.users.rep.id, value: 'EF-4' },
    });
    expect(otherOrg.status).toBe(404);
    const bad = await t.api.call('POST', '/api/add_integration', {
      token: t.tokens.rep,
      body: { data: 'enerflo', rep_id: t.world.users.rep.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.reason).toContain('value');
    // The legacy client signs in with the body's auth_token.
    const legacy = await t.api.call('POST', '/api/add_integration', {
      body: { data: 'sunrun', auth_token: t.tokens.rep, rep_id: t.world.users.rep.id, value: 'SR-77' },
    });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    expect(legacy.body.data).toMatchObject({ kind: 'sunrun', user_id: t.world.users.rep.id });
    const badToken = await t.api.call('POST', '/api/add_integration', {
      body: { data: 'sunrun', auth_token: 'not-a-session', rep_id: t.world.users.rep.id, value: 'SR-78' },
    });
    expect(badToken.status).toBe(401);
    expect(badToken.body.success).toBe(false);
    const anonymous = await t.api.call('POST', '/api/add_integration', {
      body: { data: 'enerflo', rep_id: t.world.users.rep.id, value: 'x' },
    });
    expect(anonymous.status).toBe(401);
  });

  describe('provider addresses', () => {
    // The deployment's default: only public addresses; `resolveTo` is what names resolve to.
    const strict = testConfig({ outboundAllowPrivate: false });
    let resolveTo = '93.184.216.34';
    useResolver(strict, async () => [{ address: resolveTo, family: 4 }]);
    const servers: Server[] = [];
    afterAll(async () => {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise((resolve) => s.close(resolve));
      }
    });
    const add = (api: ReturnType<typeof createTestApi>, body: Record<string, unknown>) =>
      api.call('POST', '/api/v2/integrations/providers/add', { token: t.tokens.admin, body });

    it('refuses plain http, loopback, private and metadata addresses when saved', async () => {
      const strictApi = createTestApi(t.tdb.handle.db, strict);
      const cases: [string, string, string][] = [
        ['token_url', oauth.tokenUrl, 'must start with https://'],
        ['token_url', 'http://oauth.example.com/token', 'must start with https://'],
        ['revoke_url', 'http://oauth.example.com/revoke', 'must start with https://'],
        ['authorize_url', 'http://oauth.example.com/authorize', 'must start with https://'],
        ['token_url', 'https://127.0.0.1/token', 'must be a public web address'],
        ['token_url', 'https://[::1]/token', 'must be a public web address'],
        ['token_url', 'https://localhost/token', 'must be a public web address'],
        ['token_url', 'https://10.0.0.8/token', 'must be a public web address'],
        ['revoke_url', 'https://169.254.169.254/revoke', 'must be a public web address'],
      ];
      const publicBody = {
        ...providerBody('strict'),
        authorize_url: 'https://sso.example.com/authorize',
        token_url: 'https://sso.example.com/token',
        revoke_url: 'https://sso.example.com/revoke',
      };
      for (const [field, value, message] of cases) {
        const res = await add(strictApi, { ...publicBody, [field]: value });
        expect(res.status, value).toBe(400);
        expect(String(res.body.message).startsWith(`${field}: ${message}`), String(res.body.message)).toBe(
          true,
        );
      }
      // A name is judged by what it resolves to.
      resolveTo = '192.168.1.20';
      const inside = await add(strictApi, publicBody);
      expect(inside.body.message).toBe('token_url: must be a public web address');
      resolveTo = '93.184.216.34';
      const fine = await add(strictApi, publicBody);
      expect(fine.status, JSON.stringify(fine.body)).toBe(201);
      const edit = await strictApi.call('POST', '/api/v2/integrations/providers/edit', {
        token: t.tokens.admin,
        body: { id: (fine.body.data as { id: string }).id, token_url: 'https://127.0.0.1:9/token' },
      });
      expect(edit.status).toBe(400);
      expect(edit.body.message).toBe('token_url: must be a public web address');

      // Private addresses allowed (as in these tests): public plain http and metadata still refused.
      for (const [field, value] of [
        ['token_url', 'http://oauth.example.com/token'],
        ['token_url', 'https://169.254.169.254/token'],
        ['revoke_url', 'http://[fe80::1]/revoke'],
      ]) {
        const res = await add(t.api, { ...providerBody('open'), [field as string]: value });
        expect(res.status, value).toBe(400);
        expect(res.body.message, value).toMatch(new RegExp(`^${field}: must`));
      }
    });

    /** Connects `who` through the provider `key`; the callback's answer. */
    const callback = async (api: ReturnType<typeof createTestApi>, key: string) => {
      const started = await api.call('POST', '/api/v2/integrations/connect', {
        token: t.tokens.rep2,
        body: { provider: key },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const back = await approveAt(String(started.body.url));
      return api.call('POST', '/api/v2/integrations/callback', {
        token: t.tokens.rep2,
        body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      });
    };

    it('does not follow a token endpoint that redirects, nor show what it answered', async () => {
      const leaked: string[] = [];
      const inside = createServer((req, res) => {
        leaked.push(req.url ?? '');
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'invalid_grant', error_description: 'internal-metadata-secret' }));
      });
      const redirector = createServer((_req, res) => {
        res.writeHead(307, { location: `http://127.0.0.1:${(inside.address() as AddressInfo).port}/x` });
        res.end('internal-metadata-secret');
      });
      for (const server of [inside, redirector]) {
        servers.push(server);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      }
      const added = await add(t.api, {
        ...providerBody('redirecting'),
        token_url: `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/token`,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const done = await callback(t.api, 'redirecting');
      expect(done.status).toBe(400);
      expect(done.body.message).toBe(
        'Connecting to Local CRM answered with a redirect, which is not followed.',
      );
      expect(JSON.stringify(done.body)).not.toContain('internal-metadata-secret');
      expect(leaked).toEqual([]);
    });

    it('refuses to call a token endpoint whose name resolves to loopback when connecting', async () => {
      const port = Number(new URL(oauth.tokenUrl).port);
      const strictApi = createTestApi(t.tdb.handle.db, strict);
      resolveTo = '93.184.216.34';
      const added = await add(strictApi, {
        ...providerBody('rebinding'),
        authorize_url: 'https://sso.example.com/authorize',
        token_url: `https://rebind.example.com:${port}/token`,
        revoke_url: null,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      resolveTo = '127.0.0.1';
      const grants = oauth.grants.length;
      const started = await strictApi.call('POST', '/api/v2/integrations/connect', {
        token: t.tokens.rep2,
        body: { provider: 'rebinding' },
      });
      // The authorization address is only where people are sent: approve at the local provider.
      const sent = new URL(String(started.body.url));
      const back = await approveAt(`${oauth.authorizeUrl}${sent.search}`);
      const done = await strictApi.call('POST', '/api/v2/integrations/callback', {
        token: t.tokens.rep2,
        body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      });
      expect(done.status).toBe(400);
      expect(done.body.message).toBe(
        "Connecting to Local CRM's address is not allowed: it must be a public https address.",
      );
      expect(oauth.grants.length).toBe(grants);
    });
  });
});
