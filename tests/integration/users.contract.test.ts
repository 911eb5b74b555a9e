import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../support/api.ts';
import { createWorld, PASSWORD, type World } from '../support/fixtures.ts';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '../support/testDatabase.ts';

type User = Record<string, unknown> & { _id: string; teams: { id: string; role: string }[] };

describe.each(testDatabaseKinds())('users on %s', (kind) => {
  let tdb: TestDatabase;
  let api: TestApi;
  let world: World;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    tdb = await openTestDatabase(kind);
    world = await createWorld(tdb.handle.db);
    api = createTestApi(tdb.handle.db);
    for (const key of ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider'] as const) {
      tokens[key] = await api.login(world.users[key].email, PASSWORD);
    }
  });
  afterAll(async () => tdb?.dispose());

  it('lists the org users without password hashes; guests see only themselves; never another org', async () => {
    const res = await api.call('GET', '/api/v2/users/get', { token: tokens.rep });
    expect(res.status).toBe(200);
    const list = res.body.data as User[];
    expect(list.map((u) => u._id)).toContain(world.users.admin.id);
    expect(list.map((u) => u._id)).not.toContain(world.users.outsider.id);
    expect(list.every((u) => !('password_hash' in u))).toBe(true);
    const rep = list.find((u) => u._id === world.users.rep.id);
    expect(rep?.teams).toEqual([expect.objectContaining({ id: world.teams.a, role: 'Member' })]);
    const guest = await api.call('GET', '/api/v2/users/get', { token: tokens.guest });
    expect((guest.body.data as User[]).map((u) => u._id)).toEqual([world.users.guest.id]);
    const search = await api.call('GET', '/api/v2/users/get?q=manager', { token: tokens.admin });
    expect((search.body.data as User[]).map((u) => u._id)).toEqual([world.users.manager.id]);
    const byLegacy = await api.call('GET', `/api/v2/users/get?ids=${(rep?.id as number) ?? 0}`, {
      token: tokens.admin,
    });
    expect((byLegacy.body.data as User[]).map((u) => u._id)).toEqual([world.users.rep.id]);
  });

  it('adds users (admins only) with the spec defaults', async () => {
    const res = await api.call('POST', '/api/v2/users/add', {
      token: tokens.admin,
      body: {
        name: 'New Closer',
        email: 'new.closer@test.local',
        setter_closer: 'closer',
        password: 'long enough pw',
        teams: [{ id: world.teams.b }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const user = res.body.data as User;
    expect(user.monday_role).toBe('guest');
    expect(user.active).toBe(true);
    expect(user.status).toBe(true);
    expect(user.access_level).toBe('User');
    expect(user.teams).toEqual([expect.objectContaining({ id: world.teams.b, role: 'Member' })]);
    await api.login('new.closer@test.local', 'long enough pw');
    const dup = await api.call('POST', '/api/v2/users/add', {
      token: tokens.admin,
      body: { name: 'Dup', email: 'NEW.closer@test.local' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A user with this email already exists.');
    const byManager = await api.call('POST', '/api/v2/users/add', {
      token: tokens.manager,
      body: { name: 'X', email: 'x@test.local' },
    });
    expect(byManager.status).toBe(403);
    for (const body of [
      { name: 'X', email: 'bad' },
      { name: 'X', email: 'y@test.local', access_level: 'Overlord' },
      { name: 'X', email: 'y@test.local', setter_closer: 'driver' },
      { name: 'X', email: 'y@test.local', password: 'short' },
      { email: 'y@test.local' },
    ]) {
      const bad = await api.call('POST', '/api/v2/users/add', { token: tokens.admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('lets users edit their own profile but not their access level', async () => {
    const own = await api.call('POST', '/api/v2/users/edit', {
      token: tokens.rep,
      body: { _id: world.users.rep.id, phone: '+1 (480) 555-0123' },
    });
    expect(own.status).toBe(200);
    expect((own.body.data as User).phone).toBe('4805550123');
    const escalate = await api.call('POST', '/api/v2/users/edit', {
      token: tokens.rep,
      body: { _id: world.users.rep.id, access_level: 'Admin' },
    });
    expect(escalate.status).toBe(403);
    const other = await api.call('POST', '/api/v2/users/edit', {
      token: tokens.rep,
      body: { _id: world.users.rep2.id, name: 'Renamed' },
    });
    expect(other.status).toBe(403);
    const foreign = await api.call('POST', '/api/v2/users/edit', {
      token: tokens.outsider,
      body: { _id: world.users.rep.id, name: 'Renamed' },
    });
    expect(foreign.status).toBe(404);
  });

  it('lets managers change membership of the teams they lead, and only those', async () => {
    const add = await api.call('POST', '/api/v2/users/edit', {
      token: tokens.manager,
      body: {
        _id: world.users.rep2.id,
        teams: [
          { id: world.teams.b, role: 'Member' },
          { id: world.teams.a, role: 'Member' },
        ],
      },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect((add.body.data as User).teams.map((t) => t.id).sort()).toEqual(
      [world.teams.a, world.teams.b].sort(),
    );
    const removeOther = await api.call('POST', '/api/v2/users/edit', {
      token: tokens.manager,
      body: { _id: world.users.rep2.id, teams: [{ id: world.teams.a, role: 'Member' }] },
    });
    expect(removeOther.status).toBe(403);
    const repTries = await api.call('POST', '/api/v2/users/edit', {
      token: tokens.rep,
      body: { _id: world.users.rep2.id, teams: [] },
    });
    expect(repTries.status).toBe(403);
  });

  it('deletes softly: status and active false, phone emptied, gone from the list, sessions ended', async () => {
    const victim = await api.call('POST', '/api/v2/users/add', {
      token: tokens.admin,
      body: {
        name: 'Leaving Rep',
        email: 'leaving@test.local',
        phone: '6025550000',
        password: 'long enough pw',
      },
    });
    const id = (victim.body.data as User)._id;
    const token = await api.login('leaving@test.local', 'long enough pw');
    const res = await api.call('POST', '/api/v2/users/edit', {
      token: tokens.admin,
      body: { _id: id, deleted: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: false, active: false, phone: '' });
    const list = await api.call('GET', '/api/v2/users/get', { token: tokens.admin });
    expect((list.body.data as User[]).map((u) => u._id)).not.toContain(id);
    const withInactive = await api.call('GET', '/api/v2/users/get?include_inactive=true', {
      token: tokens.admin,
    });
    expect((withInactive.body.data as User[]).map((u) => u._id)).toContain(id);
    expect((await api.call('GET', '/api/v2/leads/get', { token })).status).toBe(401);
    const login = await api.call('POST', '/api/v2/auth/login', {
      body: { email: 'leaving@test.local', password: 'long enough pw' },
    });
    expect(login.status).toBe(403);
  });

  it('answers users/meta with names and pictures only', async () => {
    const res = await api.call(
      'GET',
      `/api/users/meta?ids=${world.users.admin.id},${world.users.outsider.id}`,
      { token: tokens.rep },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { _id: world.users.admin.id, id: expect.any(Number), name: expect.any(String), pfp: null },
    ]);
    expect((await api.call('GET', '/api/users/meta', { token: tokens.rep })).status).toBe(400);
    expect((await api.call('GET', '/api/users/meta?ids=abc', { token: tokens.rep })).status).toBe(400);
  });
});
