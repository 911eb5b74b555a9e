import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('switching organisations on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep', 'superAdmin', 'outsider']);

  type Org = { id: number };
  type Lead = { name: string };
  const ids = (body: Record<string, unknown>) => (body.data as Org[]).map((o) => o.id);
  const list = (who: UserKey, org?: number) =>
    t.api.call('GET', '/api/v2/orgs/list', {
      token: t.tokens[who],
      ...(org === undefined ? {} : { headers: { 'x-org-id': String(org) } }),
    });

  it('lists only their own org to admins and reps of it', async () => {
    for (const who of ['admin', 'rep'] as const) {
      const res = await list(who);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([t.world.org]);
    }
    expect(ids((await list('outsider')).body)).toEqual([t.world.otherOrg]);
  });

  it('lists every org to a super admin, who may then act in another one', async () => {
    const res = await list('superAdmin');
    expect(ids(res.body)).toEqual(expect.arrayContaining([t.world.org, t.world.otherOrg]));
    const acting = await t.api.call('GET', '/api/v2/leads/get?limit=100', {
      token: t.tokens.superAdmin,
      headers: { 'x-org-id': String(t.world.otherOrg) },
    });
    expect(acting.status).toBe(200);
    const names = (acting.body.data as Lead[]).map((l) => l.name);
    expect(names.some((n: string) => n.startsWith('Otto Other'))).toBe(true);
    expect(names.every((n: string) => n.startsWith('Otto Other'))).toBe(true);
  });

  it('refuses anyone else acting in another org, and an org that does not exist', async () => {
    expect((await list('admin', t.world.otherOrg)).status).toBe(403);
    expect((await list('rep', t.world.otherOrg)).status).toBe(403);
    expect((await list('superAdmin', 999_999)).status).toBe(404);
    expect((await list('superAdmin', -1)).status).toBe(400);
    expect((await t.api.call('GET', '/api/v2/orgs/list')).status).toBe(401);
  });
});
