import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useApiWorld } from '../support/apiWorld.ts';
import { pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type User = Record<string, unknown> & { _id: string; teams: { id: string; role: string }[] };

describe.each(testDatabaseKinds())('users on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);

  it('lists the org users without password hashes; guests see only themselves; never another org', async () => {
    const res = await t.api.call('GET', '/api/v2/users/get', { token: t.tokens.rep });
    expect(res.status).toBe(200);
    const list = res.body.data as User[];
    expect(list.map((u) => u._id)).toContain(t.world.users.admin.id);
    expect(list.map((u) => u._id)).not.toContain(t.world.users.outsider.id);
    expect(list.every((u) => !('password_hash' in u))).toBe(true);
    const rep = list.find((u) => u._id === t.world.users.rep.id);
    expect(rep?.teams).toEqual([expect.objectContaining({ id: t.world.teams.a, role: 'Member' })]);
    const guest = await t.api.call('GET', '/api/v2/users/get', { token: t.tokens.guest });
    expect((guest.body.data as User[]).map((u) => u._id)).toEqual([t.world.users.guest.id]);
    const search = await t.api.call('GET', '/api/v2/users/get?q=manager', { token: t.tokens.admin });
    expect((search.body.data as User[]).map((u) => u._id)).toEqual([t.world.users.manager.id]);
    const byLegacy = await t.api.call('GET', `/api/v2/users/get?ids=${(rep?.id as number) ?? 0}`, {
      token: t.tokens.admin,
    });
    expect((byLegacy.body.data as User[]).map((u) => u._id)).toEqual([t.world.users.rep.id]);
  });

  it('pulls each user with their teams, and the row again with its new teams when they change', async () => {
    const pulled = (await pulledRows(t.api, t.tokens.rep, 'users')) as unknown as User[];
    const rep = pulled.find((u) => u._id === t.world.users.rep.id);
    expect(rep?.teams).toEqual([
      { id: t.world.teams.a, name: expect.stringMatching(/^Team A /), role: 'Member' },
    ]);
    const manager = pulled.find((u) => u._id === t.world.users.manager.id);
    expect(manager?.teams).toEqual([expect.objectContaining({ id: t.world.teams.a, role: 'Leader' })]);
    // A guest pulls only their own row, and they are on no team.
    const guest = (await pulledRows(t.api, t.tokens.guest, 'users')) as unknown as User[];
    expect(guest.map((u) => u.teams)).toEqual([[]]);

    const added = await t.api.call('POST', '/api/v2/users/add', {
      token: t.tokens.admin,
      body: { name: 'Mo Ved', email: 'mo.ved@test.local', teams: [{ id: t.world.teams.b }] },
    });
    const id = (added.body.data as User)._id;
    const start = await t.api.call('GET', '/api/v2/sync/pull?cursor=0&limit=5000', { token: t.tokens.rep });
    const moved = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.admin,
      body: { _id: id, teams: [{ id: t.world.teams.a, role: 'Manager' }] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const later = await t.api.call('GET', `/api/v2/sync/pull?cursor=${start.body.cursor}&limit=5000`, {
      token: t.tokens.rep,
    });
    const changed = (later.body.changes as { table: string; row: User }[]).filter(
      (c) => c.table === 'users' && c.row._id === id,
    );
    expect(changed.map((c) => c.row.teams)).toEqual([
      [{ id: t.world.teams.a, name: expect.stringMatching(/^Team A /), role: 'Manager' }],
    ]);
  });

  it('adds users (admins only) with the spec defaults', async () => {
    const res = await t.api.call('POST', '/api/v2/users/add', {
      token: t.tokens.admin,
      body: {
        name: 'New Closer',
        email: 'new.closer@test.local',
        setter_closer: 'closer',
        password: 'long enough pw',
        teams: [{ id: t.world.teams.b }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const user = res.body.data as User;
    expect(user.monday_role).toBe('guest');
    expect(user.active).toBe(true);
    expect(user.status).toBe(true);
    expect(user.access_level).toBe('User');
    expect(user.teams).toEqual([expect.objectContaining({ id: t.world.teams.b, role: 'Member' })]);
    await t.api.login('new.closer@test.local', 'long enough pw');
    const dup = await t.api.call('POST', '/api/v2/users/add', {
      token: t.tokens.admin,
      body: { name: 'Dup', email: 'NEW.closer@test.local' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A user with this email already exists.');
    const byManager = await t.api.call('POST', '/api/v2/users/add', {
      token: t.tokens.manager,
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
      const bad = await t.api.call('POST', '/api/v2/users/add', { token: t.tokens.admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("keeps a name typed 'Last, First' as 'First Last' wherever it is set, so a profile saved unchanged keeps it", async () => {
    const added = await t.api.call('POST', '/api/v2/users/add', {
      token: t.tokens.admin,
      body: {
        name: 'Newman,  Nora',
        email: `nora.${randomUUID().slice(0, 8)}@test.local`,
        password: 'nora-pass-1',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const nora = added.body.data as User;
    expect([nora.name, nora.first_name, nora.last_name]).toEqual(['Nora Newman', 'Nora', 'Newman']);

    // Her own profile, saved with the name as it reads: unchanged.
    const token = (
      await t.api.call('POST', '/api/v2/auth/login', {
        body: { email: nora.email, password: 'nora-pass-1' },
      })
    ).body.token as string;
    const saved = await pushMutations(t.api, token, [
      { name: 'profile.save.v1', args: { name: nora.name, phone: '602 555 0188' } },
    ]);
    expect(saved.body.results, JSON.stringify(saved.body)).toEqual([
      expect.objectContaining({ status: 'applied' }),
    ]);
    const mine = (await pulledRows(t.api, token, 'users')).find((u) => u._id === nora._id);
    expect([mine?.name, mine?.first_name, mine?.last_name]).toEqual(['Nora Newman', 'Nora', 'Newman']);

    // An admin's rename reads the same way; first and last names given beside it win.
    const renamed = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.admin,
      body: { _id: nora._id, name: 'Newman-Reyes, Nora' },
    });
    expect((renamed.body.data as User).name).toBe('Nora Newman-Reyes');
    expect((renamed.body.data as User).last_name).toBe('Newman-Reyes');
    const given = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.admin,
      body: { _id: nora._id, name: 'Nora Newman', first_name: 'Nor' },
    });
    expect([(given.body.data as User).first_name, (given.body.data as User).last_name]).toEqual([
      'Nor',
      'Newman',
    ]);

    // A lone comma is no name, through the API and through sync.
    const comma = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.admin,
      body: { _id: nora._id, name: ' , ' },
    });
    expect(comma.status).toBe(400);
    expect(JSON.stringify(comma.body)).toContain('is required');
    const synced = await pushMutations(t.api, token, [
      { name: 'profile.save.v1', args: { name: ',', phone: '' } },
    ]);
    expect(synced.body.results).toEqual([expect.objectContaining({ status: 'rejected' })]);
  });

  it('lets users edit their own profile but not their access level', async () => {
    const own = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.users.rep.id, phone: '+1 (480) 555-0123' },
    });
    expect(own.status).toBe(200);
    expect((own.body.data as User).phone).toBe('4805550123');
    const escalate = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.users.rep.id, access_level: 'Admin' },
    });
    expect(escalate.status).toBe(403);
    const other = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.users.rep2.id, name: 'Renamed' },
    });
    expect(other.status).toBe(403);
    const foreign = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.outsider,
      body: { _id: t.world.users.rep.id, name: 'Renamed' },
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses control characters in a name or phone with a clear 400, through the API and through sync', async () => {
    const rep = t.world.users.rep.id;
    for (const [who, body] of [
      ['admin', { _id: rep, name: '\b\f' }],
      ['admin', { _id: rep, phone: '\b\f' }],
      ['rep', { _id: rep, name: 'Rita\u0007 Rep' }],
      ['rep', { _id: rep, first_name: 'Rita\nRep' }],
      ['rep', { _id: rep, last_name: 'Rep\u0085' }],
      ['rep', { _id: rep, phone: '602\r555\t0100' }],
    ] as const) {
      const res = await t.api.call('POST', '/api/v2/users/edit', { token: t.tokens[who], body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/must not contain control characters or line breaks/);
    }
    const added = await t.api.call('POST', '/api/v2/users/add', {
      token: t.tokens.admin,
      body: { name: 'Tab\tName', email: 'tab.name@test.local' },
    });
    expect(added.status).toBe(400);
    const push = await t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens.rep,
      body: {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: [
          { id: 1, name: 'profile.save.v1', args: { name: '\b\f', phone: '' } },
          { id: 2, name: 'user.edit.v1', args: { id: rep, phone: '\b\f' } },
          { id: 3, name: 'profile.save.v1', args: { name: 'Rita Rep', phone: '6025550100' } },
        ],
      },
    });
    expect(push.status).toBe(200);
    const results = push.body.results as { status: string; message?: string }[];
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'applied']);
    expect(results[0]?.message).toMatch(/control characters/);
    const list = await t.api.call('GET', '/api/v2/users/get', { token: t.tokens.rep });
    const me = (list.body.data as User[]).find((u) => u._id === rep);
    expect(me).toMatchObject({ name: 'Rita Rep', phone: '6025550100' });
  });

  it('an edit through the API and one through sync on the same user never deadlock into a 503', async () => {
    const admin = t.world.users.admin.id;
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const calls = [0, 1, 2].flatMap((i) => [
        t.api.call('POST', '/api/v2/users/edit', {
          token: t.tokens.admin,
          body: { _id: admin, name: `Ada Admin ${round}${i}`, phone: '6025550101' },
        }),
        t.api.call('POST', '/api/v2/sync/push', {
          token: t.tokens.admin,
          body: {
            client_id: randomUUID(),
            schema_version: 1,
            mutations: [{ id: 1, name: 'profile.save.v1', args: { name: 'Ada Admin', phone: '' } }],
          },
        }),
      ]);
      for (const res of await Promise.all(calls)) statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('lets managers change membership of the teams they lead, and only those', async () => {
    const add = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.manager,
      body: {
        _id: t.world.users.rep2.id,
        teams: [
          { id: t.world.teams.b, role: 'Member' },
          { id: t.world.teams.a, role: 'Member' },
        ],
      },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect((add.body.data as User).teams.map((t) => t.id).sort()).toEqual(
      [t.world.teams.a, t.world.teams.b].sort(),
    );
    // Joining a team is in the team's history: one 'added_to_team' for the new membership only.
    const joins = (await pulledRows(t.api, t.tokens.admin, 'activities')).filter(
      (a) => a.type === 'added_to_team' && (a.user_refs as string[]).includes(t.world.users.rep2.id),
    );
    // An activity's data comes flattened into the pulled row.
    expect(joins.map((a) => [a.team_id, a.role])).toEqual([[t.world.teams.a, 'Member']]);
    expect(joins[0]?.actor_id).toBe(t.world.users.manager.id);
    // Read after the manager's name: who did what to whom.
    expect(joins[0]?.message).toMatch(/^added rep2 \S+ to Team A \S+$/);
    // The same words as a key and its parameters, which devices say in their reader's language.
    expect(joins[0]).toMatchObject({
      text_key: 'activity.addedToTeam',
      text_params: {
        person: expect.stringMatching(/^rep2 \S+$/),
        team: expect.stringMatching(/^Team A \S+$/),
      },
    });
    const removeOther = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.manager,
      body: { _id: t.world.users.rep2.id, teams: [{ id: t.world.teams.a, role: 'Member' }] },
    });
    expect(removeOther.status).toBe(403);
    const repTries = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.rep,
      body: { _id: t.world.users.rep2.id, teams: [] },
    });
    expect(repTries.status).toBe(403);
  });

  it('deletes softly: status and active false, phone emptied, gone from the list, sessions ended', async () => {
    const victim = await t.api.call('POST', '/api/v2/users/add', {
      token: t.tokens.admin,
      body: {
        name: 'Leaving Rep',
        email: 'leaving@test.local',
        phone: '6025550000',
        password: 'long enough pw',
      },
    });
    const id = (victim.body.data as User)._id;
    const token = await t.api.login('leaving@test.local', 'long enough pw');
    const res = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.admin,
      body: { _id: id, deleted: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: false, active: false, phone: '' });
    const list = await t.api.call('GET', '/api/v2/users/get', { token: t.tokens.admin });
    expect((list.body.data as User[]).map((u) => u._id)).not.toContain(id);
    const withInactive = await t.api.call('GET', '/api/v2/users/get?include_inactive=true', {
      token: t.tokens.admin,
    });
    expect((withInactive.body.data as User[]).map((u) => u._id)).toContain(id);
    expect((await t.api.call('GET', '/api/v2/leads/get', { token })).status).toBe(401);
    const login = await t.api.call('POST', '/api/v2/auth/login', {
      body: { email: 'leaving@test.local', password: 'long enough pw' },
    });
    expect(login.status).toBe(403);
  });

  it('answers users/meta with names and pictures only', async () => {
    const res = await t.api.call(
      'GET',
      `/api/users/meta?ids=${t.world.users.admin.id},${t.world.users.outsider.id}`,
      { token: t.tokens.rep },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { _id: t.world.users.admin.id, id: expect.any(Number), name: expect.any(String), pfp: null },
    ]);
    expect((await t.api.call('GET', '/api/users/meta', { token: t.tokens.rep })).status).toBe(400);
    expect((await t.api.call('GET', '/api/users/meta?ids=abc', { token: t.tokens.rep })).status).toBe(400);
  });
});
