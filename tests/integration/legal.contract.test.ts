import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('publishing the terms on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'outsider']);

  const publish = (who: UserKey, body: unknown) =>
    t.api.call('POST', '/api/v2/legal/terms', { token: t.tokens[who], body });

  it('refuses reps, managers and callers without a session, and changes nothing', async () => {
    const body = { version: 'refused', title: 'Terms', content: '<p>No</p>' };
    expect((await publish('rep', body)).status).toBe(403);
    expect((await publish('manager', body)).status).toBe(403);
    expect((await t.api.call('POST', '/api/v2/legal/terms', { body })).status).toBe(401);
    expect((await t.api.call('GET', '/api/v2/legal/terms')).body.version).toBe('2026-01');
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
    const accepted = await t.api.call('POST', '/api/v2/auth/accept', {
      token: t.tokens.rep,
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
    const current = await t.api.call('GET', '/api/v2/legal/terms');
    expect(current.body.version).toBe('2026-02');
    expect(current.body.title).toBe('Terms of use');
    expect(current.body.content).toContain('<b>terms</b>');
    expect(current.body.content).not.toMatch(/script|onclick/);
    const validated = await t.api.call('POST', '/api/v2/auth/validate', { token: t.tokens.rep });
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
    expect((await t.api.call('GET', `/api/v2/legal/terms?org=${t.world.otherOrg}`)).body.version).toBe(
      'other-1',
    );
    expect((await t.api.call('GET', '/api/v2/legal/terms')).body.version).toBe('2026-02');
  });
});
