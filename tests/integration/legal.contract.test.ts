import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api.ts';
import { createWorld, PASSWORD, type World } from '../support/fixtures.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('publishing the terms on %s', (kind) => {
  let tdb: TestDatabase;
  let api: TestApi;
  let world: World;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await openTestDatabase(kind);
    world = await createWorld(tdb.handle.db);
    api = createTestApi(tdb.handle.db);
    for (const who of ['admin', 'manager', 'rep', 'outsider'] as const) {
      tokens[who] = await api.login(world.users[who].email, PASSWORD);
    }
  });
  afterAll(async () => tdb?.dispose());

  const publish = (who: string, body: unknown) =>
    api.call('POST', '/api/v2/legal/terms', { token: tokens[who], body });

  it('refuses reps, managers and callers without a session, and changes nothing', async () => {
    const body = { version: 'refused', title: 'Terms', content: '<p>No</p>' };
    expect((await publish('rep', body)).status).toBe(403);
    expect((await publish('manager', body)).status).toBe(403);
    expect((await api.call('POST', '/api/v2/legal/terms', { body })).status).toBe(401);
    expect((await api.call('GET', '/api/v2/legal/terms')).body.version).toBe('2026-01');
  });

  it('refuses incomplete or unknown fields with their names', async () => {
    const missing = await publish('admin', { version: '2026-02', title: 'Terms' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('content');
    expect((await publish('admin', { version: ' ', title: 'Terms', content: 'x' })).status).toBe(400);
    expect((await publish('admin', { version: 'v', title: 'T', content: 'x', extra: 1 })).status).toBe(400);
    expect((await publish('admin', { version: 'v', title: 'T', content: '<script>x</script>' })).status).toBe(
      400,
    );
  });

  it('publishes a new version, stored sanitised, which everyone must accept again', async () => {
    const accepted = await api.call('POST', '/api/v2/auth/accept', {
      token: tokens.rep,
      body: { tosVersion: '2026-01' },
    });
    expect(accepted.status).toBe(200);
    const res = await publish('admin', {
      version: '2026-02',
      title: 'Terms of use',
      content: '<p onclick="steal()">New <b>terms</b><script>alert(1)</script></p>',
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe('2026-02');
    const current = await api.call('GET', '/api/v2/legal/terms');
    expect(current.body.version).toBe('2026-02');
    expect(current.body.title).toBe('Terms of use');
    expect(current.body.content).toContain('<b>terms</b>');
    expect(current.body.content).not.toMatch(/script|onclick/);
    const validated = await api.call('POST', '/api/v2/auth/validate', { token: tokens.rep });
    expect(validated.body.terms_accepted).toBeNull();
  });

  it('never reuses a version number', async () => {
    const again = await publish('admin', { version: '2026-02', title: 'Terms', content: 'Other text' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Version 2026-02 of the terms has been published already.');
  });

  it("publishes only in the caller's own org", async () => {
    const res = await publish('outsider', { version: 'other-1', title: 'Other terms', content: 'Theirs' });
    expect(res.status).toBe(200);
    expect((await api.call('GET', `/api/v2/legal/terms?org=${world.otherOrg}`)).body.version).toBe('other-1');
    expect((await api.call('GET', '/api/v2/legal/terms')).body.version).toBe('2026-02');
  });
});
