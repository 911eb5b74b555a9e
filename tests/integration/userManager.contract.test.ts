/**
 * The user manager's calls: a new user's fields and defaults, invite links (once, expiring, the
 * password rules), profile photos through the media path, and a user's activity on their page.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { products, regions, teams } from '#server/db/schema.ts';
import { DEFAULT_LIMITS } from '#server/limits.ts';
import { createTestApi, testConfig } from '../support/api.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { pngImage } from '../support/imageFixtures.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type User = Record<string, unknown> & { _id: string; teams: { id: string; role: string }[] };

describe.each(testDatabaseKinds())('user manager on %s', (kind) => {
  // Every invite here comes from one (in-process) address: more than its throttle allows.
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'superAdmin', 'outsider'], {
    limits: { ...DEFAULT_LIMITS, invite: { burst: 1_000, perSeconds: 1 } },
  });
  const add = (who: UserKey, body: Record<string, unknown>) =>
    t.api.call('POST', '/api/v2/users/add', { token: t.tokens[who], body });
  const accept = (body: unknown, api = t.api) => api.call('POST', '/api/v2/auth/invite', { body });

  it('adds a user with type, teams and roles, default products and the spec defaults', async () => {
    const [product] = await t.tdb.handle.db
      .insert(products)
      .values({ org_id: t.world.org, name: 'Panels' })
      .returning();
    const legacy = String(product?.legacy_id);
    const res = await add('admin', {
      name: 'Sam Setter',
      email: 'sam.setter@test.local',
      password: 'long enough pw',
      setter_closer: 'setter',
      roles: [3],
      teams: [
        { id: t.world.teams.a, role: 'Manager' },
        { id: t.world.teams.b, role: 'Member' },
      ],
      default_products: [legacy],
      orgs: [t.world.org],
      start_date: '2026-02-01',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const user = res.body.data as User;
    expect(user).toMatchObject({
      monday_role: 'guest',
      active: true,
      status: true,
      setter_closer: 'setter',
      roles: [3],
      default_products: [legacy],
      orgs: [t.world.org],
      start_date: '2026-02-01',
    });
    expect(user.teams.map((m) => m.role).sort()).toEqual(['Manager', 'Member']);
    expect(res.body.invite_token).toBeNull();

    const unknownProduct = await add('admin', {
      name: 'X',
      email: 'x1@test.local',
      default_products: ['99999'],
    });
    expect(unknownProduct.status).toBe(400);
    expect(unknownProduct.body.message).toBe('Product 99999 does not exist.');
    // Another org's team is not found; another org is only for a super admin, and only one that exists.
    const outsiderTeam = await add('outsider', {
      name: 'X',
      email: 'x2@test.local',
      teams: [{ id: t.world.teams.a }],
    });
    expect(outsiderTeam.status).toBe(404);
    expect((await add('admin', { name: 'X', email: 'x3@test.local', orgs: [t.world.otherOrg] })).status).toBe(
      403,
    );
    expect((await add('manager', { name: 'X', email: 'x4@test.local' })).status).toBe(403);
    expect((await add('rep', { name: 'X', email: 'x6@test.local' })).status).toBe(403);
    expect((await add('superAdmin', { name: 'X', email: 'x5@test.local', orgs: [999_999] })).status).toBe(
      400,
    );
    const placed = await add('superAdmin', {
      name: 'Multi Org',
      email: 'multi.org@test.local',
      orgs: [t.world.org, t.world.otherOrg],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((placed.body.data as User).orgs).toEqual([t.world.org, t.world.otherOrg]);
  });

  it("sets a user's teams and region when adding and editing them, within the org and for admins", async () => {
    const edit = (who: UserKey, body: Record<string, unknown>) =>
      t.api.call('POST', '/api/v2/users/edit', { token: t.tokens[who], body });
    const added = await add('admin', {
      name: 'Reg Ion',
      email: 'reg.ion@test.local',
      teams: [{ id: t.world.teams.a, role: 'Member' }],
      region_id: t.world.regions.a,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = (added.body.data as User)._id;
    expect(added.body.data).toMatchObject({
      region_id: t.world.regions.a,
      teams: [{ id: t.world.teams.a, role: 'Member' }],
    });

    const changed = await edit('admin', {
      _id: id,
      teams: [{ id: t.world.teams.b, role: 'Leader' }],
      region_id: t.world.regions.b,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      region_id: t.world.regions.b,
      teams: [{ id: t.world.teams.b, role: 'Leader' }],
    });
    const listed = await t.api.call('GET', `/api/v2/users/get?_ids=${id}`, { token: t.tokens.admin });
    expect((listed.body.data as User[])[0]).toMatchObject({ region_id: t.world.regions.b });
    const cleared = await edit('admin', { _id: id, region_id: null });
    expect(cleared.body.data).toMatchObject({ region_id: null, teams: [{ id: t.world.teams.b }] });

    // Another org's team or region is not found, on add and on edit.
    const [otherTeam] = await t.tdb.handle.db
      .insert(teams)
      .values({ org_id: t.world.otherOrg, name: 'Their team' })
      .returning();
    const [otherRegion] = await t.tdb.handle.db
      .insert(regions)
      .values({ org_id: t.world.otherOrg, name: 'Their region' })
      .returning();
    const foreignRegion = await edit('admin', { _id: id, region_id: otherRegion?.id });
    expect(foreignRegion.status).toBe(404);
    expect(foreignRegion.body.message).toBe(`Region ${otherRegion?.id} does not exist.`);
    const foreignTeam = await edit('admin', { _id: id, teams: [{ id: otherTeam?.id, role: 'Member' }] });
    expect(foreignTeam.status).toBe(404);
    expect(foreignTeam.body.message).toBe(`Team ${otherTeam?.id} does not exist.`);
    const addedAbroad = await add('admin', { name: 'X', email: 'x7@test.local', region_id: otherRegion?.id });
    expect(addedAbroad.status).toBe(404);
    // Another org's admin does not find the user; a manager or a rep may not set a region.
    expect((await edit('outsider', { _id: id, region_id: otherRegion?.id })).status).toBe(404);
    expect((await edit('manager', { _id: id, region_id: t.world.regions.a })).status).toBe(403);
    expect((await edit('rep', { _id: t.world.users.rep.id, region_id: t.world.regions.a })).status).toBe(403);
    expect(
      (await add('manager', { name: 'X', email: 'x8@test.local', region_id: t.world.regions.a })).status,
    ).toBe(403);
    for (const region_id of ['nope', 5, {}]) {
      expect((await edit('admin', { _id: id, region_id })).status, String(region_id)).toBe(400);
    }
    // Nothing refused was kept.
    const after = await t.api.call('GET', `/api/v2/users/get?_ids=${id}`, { token: t.tokens.admin });
    expect((after.body.data as User[])[0]).toMatchObject({
      region_id: null,
      teams: [{ id: t.world.teams.b }],
    });
  });

  it('answers an invite link once; it works once, expires, and keeps the password rules', async () => {
    const res = await add('admin', { name: 'Ivy Invite', email: 'ivy.invite@test.local', invite: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const token = res.body.invite_token as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const user = res.body.data as User;
    expect(user).not.toHaveProperty('invite');
    const listed = await t.api.call('GET', `/api/v2/users/get?_ids=${user._id}`, { token: t.tokens.admin });
    expect(JSON.stringify(listed.body)).not.toContain('hash');
    // No password yet: nobody signs in as them.
    expect(
      (
        await t.api.call('POST', '/api/v2/auth/login', {
          body: { email: 'ivy.invite@test.local', password: 'anything at all' },
        })
      ).status,
    ).toBe(401);

    expect(
      (await add('admin', { name: 'B', email: 'b@test.local', invite: true, password: 'long enough pw' }))
        .status,
    ).toBe(400);
    expect((await accept({ token, password: 'short' })).status).toBe(400);
    for (const junk of [
      {},
      { token },
      { token: '', password: 'long enough pw' },
      { token: 5, password: 'x' },
      'x',
      [1],
    ]) {
      expect((await accept(junk)).status, JSON.stringify(junk)).toBe(400);
    }
    const wrong = await accept({ token: `${token.slice(0, -2)}zz`, password: 'my own password' });
    expect(wrong.status).toBe(404);

    const later = createTestApi(t.tdb.handle.db, testConfig(), () => new Date(Date.now() + 8 * 86_400_000));
    const expired = await accept({ token, password: 'my own password' }, later);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe('This invite link has expired. Ask your admin for a new one.');

    const ok = await accept({ token, password: 'my own password' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.email).toBe('ivy.invite@test.local');
    await t.api.login('ivy.invite@test.local', 'my own password');
    const again = await accept({ token, password: 'another password' });
    expect(again.status).toBe(404);
    await t.api.login('ivy.invite@test.local', 'my own password');
  });

  it('refuses the invite of a deleted user, and of one whose password the admin reset', async () => {
    const first = await add('admin', { name: 'Del Eted', email: 'del.eted@test.local', invite: true });
    const deleted = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.admin,
      body: { _id: (first.body.data as User)._id, deleted: true },
    });
    expect(deleted.status).toBe(200);
    expect((await accept({ token: first.body.invite_token, password: 'my own password' })).status).toBe(403);

    const second = await add('admin', { name: 'Re Set', email: 're.set@test.local', invite: true });
    await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.admin,
      body: { _id: (second.body.data as User)._id, password: 'admin chose this' },
    });
    expect((await accept({ token: second.body.invite_token, password: 'my own password' })).status).toBe(404);
  });

  describe('profile photos', () => {
    const PNG = pngImage();
    const upload = async (who: UserKey, type = 'image/png', bytes: Uint8Array<ArrayBuffer> = PNG) => {
      const id = randomUUID();
      const res = await t.api.app.request(`/api/v2/media/${id}/content`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${t.tokens[who]}`, 'content-type': type },
        body: bytes,
      });
      expect(res.status).toBe(200);
      return id;
    };
    const setPhoto = (who: UserKey, user: UserKey, media_id: string) =>
      t.api.call('POST', '/api/v2/users/pfp', {
        token: t.tokens[who],
        body: { _id: t.world.users[user].id, media_id },
      });
    const view = (who: UserKey, url: string) =>
      t.api.app.request(url, { headers: { authorization: `Bearer ${t.tokens[who]}` } });

    it('sets an uploaded image as the photo, seen by whoever may see the user', async () => {
      const id = await upload('admin');
      const res = await setPhoto('admin', 'rep', id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const url = (res.body.data as { pfp: string }).pfp;
      expect(url).toBe(`/api/v2/media/${id}/content`);
      expect((await setPhoto('admin', 'rep', id)).status).toBe(200);
      const users = await t.api.call('GET', `/api/v2/users/get?_ids=${t.world.users.rep.id}`, {
        token: t.tokens.rep2,
      });
      expect((users.body.data as User[])[0]?.pfp).toBe(url);
      for (const who of ['rep', 'rep2', 'manager'] as const) {
        const seen = await view(who, url);
        expect(seen.status, who).toBe(200);
        expect(new Uint8Array(await seen.arrayBuffer())).toEqual(PNG);
      }
      // A guest sees only themselves; another org sees nothing.
      expect((await view('guest', url)).status).toBe(404);
      expect((await view('outsider', url)).status).toBe(404);
    });

    it('lets people set their own photo only, images only, from their own upload', async () => {
      const own = await upload('rep2');
      expect((await setPhoto('rep2', 'rep2', own)).status).toBe(200);
      const other = await upload('rep2');
      const notTheirs = await setPhoto('rep2', 'rep', other);
      expect(notTheirs.status).toBe(403);
      expect(notTheirs.body.message).toBe(
        "You can change your own photo; other people's photos need an admin.",
      );
      // The admin cannot take a file someone else uploaded, nor a PDF, nor one never uploaded.
      expect((await setPhoto('admin', 'rep', other)).status).toBe(404);
      expect((await setPhoto('admin', 'rep', randomUUID())).status).toBe(404);
      const pdf = await upload('admin', 'application/pdf', new Uint8Array(Buffer.from('%PDF-1.7\n')));
      expect((await setPhoto('admin', 'rep', pdf)).status).toBe(415);
      // Another org's admin does not find the user; a guest cannot upload at all.
      const outsiderFile = await upload('outsider');
      expect((await setPhoto('outsider', 'rep', outsiderFile)).status).toBe(404);
      // Already this user's photo: cannot become another user's too.
      expect((await setPhoto('admin', 'rep2', own)).status).toBe(404);
      for (const body of [
        {},
        { _id: 'x', media_id: own },
        { _id: t.world.users.rep.id },
        { _id: t.world.users.rep.id, media_id: own, pfp: 'x' },
      ]) {
        const bad = await t.api.call('POST', '/api/v2/users/pfp', { token: t.tokens.admin, body });
        expect(bad.status, JSON.stringify(body)).toBe(400);
      }
    });
  });

  it("answers a user's activity from their sessions: live ones counted, within users/get's reach", async () => {
    const activity = (who: UserKey, id: string) =>
      t.api.call('GET', `/api/v2/users/activity?_id=${id}`, { token: t.tokens[who] });
    const rep = await activity('admin', t.world.users.rep.id);
    expect(rep.status, JSON.stringify(rep.body)).toBe(200);
    const before = rep.body.data as { last_active: string; active_sessions: number };
    expect(before.active_sessions).toBe(1);
    expect(Date.parse(before.last_active)).toBeGreaterThan(Date.now() - 60_000);

    const second = await t.api.login(t.world.users.rep.email, PASSWORD);
    expect(((await activity('rep2', t.world.users.rep.id)).body.data as typeof before).active_sessions).toBe(
      2,
    );
    await t.api.call('POST', '/api/v2/auth/logout', { token: second });
    expect(((await activity('rep', t.world.users.rep.id)).body.data as typeof before).active_sessions).toBe(
      1,
    );
    const later = createTestApi(t.tdb.handle.db, testConfig(), () => new Date(Date.now() + 2 * 86_400_000));
    // Two days on, the rep's sessions (a day each) have expired: none is live.
    const adminLater = await later.login(t.world.users.admin.email, PASSWORD);
    const expired = await later.call('GET', `/api/v2/users/activity?_id=${t.world.users.rep.id}`, {
      token: adminLater,
    });
    expect((expired.body.data as typeof before).active_sessions).toBe(0);

    const never = await add('admin', { name: 'Nev Er', email: 'nev.er@test.local' });
    const fresh = await activity('admin', (never.body.data as User)._id);
    expect(fresh.body.data).toEqual({ last_active: null, active_sessions: 0 });

    expect((await activity('guest', t.world.users.rep.id)).status).toBe(404);
    expect((await activity('guest', t.world.users.guest.id)).status).toBe(200);
    expect((await activity('outsider', t.world.users.rep.id)).status).toBe(404);
    expect((await activity('admin', t.world.users.outsider.id)).status).toBe(404);
    for (const q of ['', '?_id=abc', `?_id=${t.world.users.rep.id}&x=1`]) {
      expect((await t.api.call('GET', `/api/v2/users/activity${q}`, { token: t.tokens.admin })).status).toBe(
        400,
      );
    }
    expect((await t.api.call('GET', `/api/v2/users/activity?_id=${t.world.users.rep.id}`)).status).toBe(401);
  });
  it("answers every user's last activity for the users table, as their page reckons it", async () => {
    const lastActive = (who: UserKey, q = '') =>
      t.api.call('GET', `/api/v2/users/last-active${q}`, { token: t.tokens[who] });
    const all = await lastActive('manager');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const map = all.body.data as Record<string, string | null>;
    const page = await t.api.call('GET', `/api/v2/users/activity?_id=${t.world.users.rep.id}`, {
      token: t.tokens.manager,
    });
    // The same time the rep's page shows, from their sign-ins.
    expect(map[t.world.users.rep.id]).toBe((page.body.data as { last_active: string }).last_active);
    expect(Date.parse(map[t.world.users.rep.id] as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(map)).toContain(t.world.users.admin.id);
    expect(Object.keys(map)).not.toContain(t.world.users.outsider.id);
    const never = await add('admin', { name: 'Nev Er Two', email: 'nev.er2@test.local' });
    expect((await lastActive('admin')).body.data).toMatchObject({ [(never.body.data as User)._id]: null });

    // A guest sees only themselves; another org's admin none of these users.
    expect(Object.keys((await lastActive('guest')).body.data as object)).toEqual([t.world.users.guest.id]);
    const theirs = (await lastActive('outsider')).body.data as object;
    expect(Object.keys(theirs)).not.toContain(t.world.users.rep.id);
    expect((await lastActive('admin', '?x=1')).status).toBe(400);
    expect((await t.api.call('GET', '/api/v2/users/last-active')).status).toBe(401);
  });
});
