import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api.ts';
import { createWorld, PASSWORD, type World } from '../support/fixtures.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('switching organisations on %s', (kind) => {
  let tdb: TestDatabase;
  let api: TestApi;
  let world: World;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await openTestDatabase(kind);
    world = await createWorld(tdb.handle.db);
    api = createTestApi(tdb.handle.db);
    for (const who of ['admin', 'rep', 'superAdmin', 'outsider'] as const) {
      tokens[who] = await api.login(world.users[who].email, PASSWORD);
    }
  });
  afterAll(async () => tdb?.dispose());

  type Org = { id: number };
  type Lead = { name: string };
  const ids = (body: Record<string, unknown>) => (body.data as Org[]).map((o) => o.id);
  const list = (who: string, org?: number) =>
    api.call('GET', '/api/v2/orgs/list', {
      token: tokens[who],
      ...(org === undefined ? {} : { headers: { 'x-org-id': String(org) } }),
    });

  it('lists only their own org to admins and reps of it', async () => {
    for (const who of ['admin', 'rep']) {
      const res = await list(who);
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([world.org]);
    }
    expect(ids((await list('outsider')).body)).toEqual([world.otherOrg]);
  });

  it('lists every org to a super admin, who may then act in another one', async () => {
    const res = await list('superAdmin');
    expect(ids(res.body)).toEqual(expect.arrayContaining([world.org, world.otherOrg]));
    const acting = await api.call('GET', '/api/v2/leads/get?limit=100', {
      token: tokens.superAdmin,
      headers: { 'x-org-id': String(world.otherOrg) },
    });
    expect(acting.status).toBe(200);
    const names = (acting.body.data as Lead[]).map((l) => l.name);
    expect(names.some((n: string) => n.startsWith('Otto Other'))).toBe(true);
    expect(names.every((n: string) => n.startsWith('Otto Other'))).toBe(true);
  });

  it('refuses anyone else acting in another org, and an org that does not exist', async () => {
    expect((await list('admin', world.otherOrg)).status).toBe(403);
    expect((await list('rep', world.otherOrg)).status).toBe(403);
    expect((await list('superAdmin', 999_999)).status).toBe(404);
    expect((await list('superAdmin', -1)).status).toBe(400);
    expect((await api.call('GET', '/api/v2/orgs/list')).status).toBe(401);
  });
});
