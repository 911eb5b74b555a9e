import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '#server/db/schema.ts';
import { API_KEY_INVALID } from '#src/domain/apiKeys.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('API keys on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep', 'outsider']);

  const makeKey = async (scopes: string[], token = t.tokens.admin, name = 'Reporting') => {
    const res = await t.api.call('POST', '/api/v2/api-keys/add', { token, body: { name, scopes } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; key: string; prefix: string };
  };
  /** A call carrying only the key, as a server-to-server client would. */
  const withKey = (
    key: string,
    method: string,
    path: string,
    body?: unknown,
    header: 'bearer' | 'x-api-key' = 'bearer',
  ) =>
    t.api.call(method, path, {
      body,
      headers: header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key },
    });

  it('admins make a key (shown once), list it without its secret, and only a hash is stored', async () => {
    const made = await makeKey(['leads:read']);
    expect(made.key).toMatch(/^hs_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(`hs_${made.prefix}_`)).toBe(true);

    const list = await t.api.call('GET', '/api/v2/api-keys/list', { token: t.tokens.admin });
    expect(list.status).toBe(200);
    const listed = (list.body.data as Record<string, unknown>[]).find((k) => k.id === made.id);
    expect(listed).toMatchObject({
      name: 'Reporting',
      prefix: made.prefix,
      scopes: ['leads:read'],
      revoked_at: null,
    });
    // The secret is what follows the prefix (it may itself hold '_').
    expect(JSON.stringify(list.body)).not.toContain(made.key.slice(`hs_${made.prefix}_`.length));

    const [row] = await t.tdb.handle.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.key.slice(17));
  });

  it('refuses bad input and anyone but admins', async () => {
    const noScopes = await t.api.call('POST', '/api/v2/api-keys/add', {
      token: t.tokens.admin,
      body: { name: 'x', scopes: [] },
    });
    expect(noScopes.status).toBe(400);
    expect(noScopes.body.message).toContain('scopes');
    const unknownScope = await t.api.call('POST', '/api/v2/api-keys/add', {
      token: t.tokens.admin,
      body: { name: 'x', scopes: ['everything'] },
    });
    expect(unknownScope.status).toBe(400);
    for (const [method, path, body] of [
      ['POST', '/api/v2/api-keys/add', { name: 'mine', scopes: ['leads:read'] }],
      ['GET', '/api/v2/api-keys/list', undefined],
    ] as const) {
      const res = await t.api.call(method, path, { token: t.tokens.rep, body });
      expect(res.status).toBe(403);
    }
  });

  it('a key reads leads with leads:read, is refused a write without leads:write, and nothing else', async () => {
    const { key } = await makeKey(['leads:read']);
    const read = await withKey(key, 'GET', `/api/v2/leads/get?ids=${t.world.contacts.repOwn}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(JSON.stringify(read.body)).toContain(t.world.contacts.repOwn);
    const viaHeader = await withKey(
      key,
      'GET',
      `/api/v2/leads/get?ids=${t.world.contacts.repOwn}`,
      undefined,
      'x-api-key',
    );
    expect(viaHeader.status).toBe(200);

    const write = await withKey(key, 'POST', '/api/v2/leads/add', {
      name: 'Kay Key',
      phone: '6025550199',
      address: '9 Key St, Phoenix, AZ 85004',
    });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({
      success: false,
      message: 'This API key does not have the scope leads:write.',
    });

    const users = await withKey(key, 'GET', '/api/v2/users/get?limit=5');
    expect(users.status).toBe(403);
    expect(users.body.message).toBe('This API key does not have the scope users:read.');
    const sync = await withKey(key, 'GET', '/api/v2/sync/pull?cursor=0');
    expect(sync.status).toBe(403);
    const keys = await withKey(key, 'GET', '/api/v2/api-keys/list');
    expect(keys.status).toBe(403);

    const writer = await makeKey(['leads:read', 'leads:write']);
    const added = await withKey(writer.key, 'POST', '/api/v2/leads/add', {
      name: 'Kay Key',
      phone: '6025550199',
      address: '9 Key St, Phoenix, AZ 85004',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  });

  it('another org’s data never: a key reads only its own org and cannot name another', async () => {
    const { key } = await makeKey(['leads:read']);
    const other = await withKey(key, 'GET', `/api/v2/leads/get?ids=${t.world.contacts.otherOrg}`);
    expect(JSON.stringify(other.body)).not.toContain(t.world.contacts.otherOrg);
    const header = await t.api.call('GET', '/api/v2/leads/get?limit=5', {
      headers: { authorization: `Bearer ${key}`, 'x-org-id': String(t.world.otherOrg) },
    });
    expect(header.status).toBe(403);

    // The other org's admin cannot list or revoke this org's keys.
    const made = await makeKey(['leads:read']);
    const list = await t.api.call('GET', '/api/v2/api-keys/list', { token: t.tokens.outsider });
    expect(JSON.stringify(list.body)).not.toContain(made.id);
    const revoke = await t.api.call('POST', '/api/v2/api-keys/revoke', {
      token: t.tokens.outsider,
      body: { id: made.id },
    });
    expect(revoke.status).toBe(404);
    expect((await withKey(made.key, 'GET', '/api/v2/leads/get?limit=1')).status).toBe(200);
  });

  it('revoked, expired and unknown keys get 401; session sign-in is unchanged', async () => {
    const made = await makeKey(['leads:read']);
    expect((await withKey(made.key, 'GET', '/api/v2/leads/get?limit=1')).status).toBe(200);
    const revoked = await t.api.call('POST', '/api/v2/api-keys/revoke', {
      token: t.tokens.admin,
      body: { id: made.id },
    });
    expect(revoked.status).toBe(200);
    expect((revoked.body.data as { revoked_at: string | null }).revoked_at).not.toBeNull();
    const after = await withKey(made.key, 'GET', '/api/v2/leads/get?limit=1');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ success: false, message: API_KEY_INVALID });

    const expiring = await t.api.call('POST', '/api/v2/api-keys/add', {
      token: t.tokens.admin,
      body: { name: 'Old', scopes: ['leads:read'], expires_at: '2020-01-01T00:00:00Z' },
    });
    const expired = await withKey(
      (expiring.body.data as { key: string }).key,
      'GET',
      '/api/v2/leads/get?limit=1',
    );
    expect(expired.status).toBe(401);

    const forged = `${made.key.slice(0, 17)}${'A'.repeat(43)}`;
    expect((await withKey(forged, 'GET', '/api/v2/leads/get?limit=1')).status).toBe(401);
    expect(
      (await withKey(`hs_zzzzzzzzzzzz_${'B'.repeat(43)}`, 'GET', '/api/v2/leads/get?limit=1')).status,
    ).toBe(401);

    const session = await t.api.call('GET', '/api/v2/leads/get?limit=1', { token: t.tokens.rep });
    expect(session.status).toBe(200);
    const sync = await t.api.call('GET', '/api/v2/sync/pull?cursor=0&limit=1', { token: t.tokens.rep });
    expect(sync.status).toBe(200);
  });
});
