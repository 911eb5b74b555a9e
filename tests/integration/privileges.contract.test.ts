/**
 * Privilege escalation and org isolation: what an org admin can never grant, the org a request may
 * act in, and passwords — through users/add, users/edit and sync, on every database kind.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAttempts } from '#server/db/schema.ts';
import { GRANT_MESSAGES } from '#src/domain/userGrants.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type User = Record<string, unknown> & { _id: string; roles: number[]; orgs: number[]; access_level: string };
type Results = { id: number; status: string; message?: string }[];

describe.each(testDatabaseKinds())('privileges and org isolation on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'privileged', 'superAdmin', 'outsider']);

  const edit = (who: UserKey | string, body: Record<string, unknown>) =>
    t.api.call('POST', '/api/v2/users/edit', { token: t.tokens[who as UserKey] ?? who, body });
  const add = (who: UserKey, body: Record<string, unknown>) =>
    t.api.call('POST', '/api/v2/users/add', { token: t.tokens[who], body });
  const userAsSuper = async (id: string) => {
    const res = await t.api.call('GET', `/api/v2/users/get?_ids=${id}&include_inactive=true`, {
      token: t.tokens.superAdmin,
    });
    return (res.body.data as User[])[0] as User;
  };
  let seq = 0;
  const newUser = async (body: Record<string, unknown> = {}) => {
    seq += 1;
    const email = `priv${seq}.${randomUUID().slice(0, 6)}@test.local`;
    const res = await add('admin', { name: `Priv User ${seq}`, email, password: PASSWORD, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: (res.body.data as User)._id, email };
  };

  it('an org admin cannot grant the super admin role, to itself or anyone, by edit or add', async () => {
    const self = await edit('admin', { _id: t.world.users.admin.id, roles: [1, 10] });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(GRANT_MESSAGES.superAdminRole);
    const other = await edit('admin', { _id: t.world.users.rep.id, roles: [10] });
    expect(other.status).toBe(403);
    const created = await add('admin', { name: 'Sneaky', email: 'sneaky@test.local', roles: [10] });
    expect(created.status).toBe(403);
    expect((await userAsSuper(t.world.users.admin.id)).roles).toEqual([1]);
    expect((await userAsSuper(t.world.users.rep.id)).roles).toEqual([]);
    const list = await t.api.call('GET', '/api/v2/users/get?q=sneaky', { token: t.tokens.admin });
    expect(list.body.data).toEqual([]);
    // And so it still cannot read the other org.
    const foreign = await t.api.call('GET', '/api/v2/leads/get?limit=100', {
      token: t.tokens.admin,
      headers: { 'x-org-id': String(t.world.otherOrg) },
    });
    expect(foreign.status).toBe(403);
  });

  it("an org admin cannot change anyone's orgs, nor touch a super admin's account", async () => {
    const orgs = await edit('admin', { _id: t.world.users.rep.id, orgs: [t.world.org, t.world.otherOrg] });
    expect(orgs.status).toBe(403);
    expect(orgs.body.message).toBe(GRANT_MESSAGES.orgs);
    const addForeign = await add('admin', { name: 'Elsewhere', email: 'elsewhere@test.local', orgs: [7] });
    expect(addForeign.status).toBe(403);
    const addOwn = await add('admin', { name: 'Here', email: 'here@test.local', orgs: [t.world.org] });
    expect(addOwn.status, JSON.stringify(addOwn.body)).toBe(201);
    for (const body of [
      { name: 'Taken Over' },
      { password: 'a new password' },
      { roles: [1] },
      { deleted: true },
    ]) {
      const res = await edit('admin', { _id: t.world.users.superAdmin.id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.message).toBe(GRANT_MESSAGES.superAdminAccount);
    }
    expect((await userAsSuper(t.world.users.superAdmin.id)).name).not.toBe('Taken Over');
  });

  it('a super admin may grant role 10 and change org membership', async () => {
    const target = await newUser();
    const res = await edit('superAdmin', {
      _id: target.id,
      roles: [10],
      orgs: [t.world.org, t.world.otherOrg],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as User).roles).toEqual([10]);
    expect((res.body.data as User).orgs).toEqual([t.world.org, t.world.otherOrg]);
  });

  it('nobody raises their own access level or roles; lowering them is allowed', async () => {
    const selfAdmin = await newUser({ access_level: 'Admin' });
    const token = await t.api.login(selfAdmin.email, PASSWORD);
    const addRole = await edit(token, { _id: selfAdmin.id, roles: [4] });
    expect(addRole.status).toBe(403);
    expect(addRole.body.message).toBe(GRANT_MESSAGES.selfRaise);
    const perms = await edit(token, { _id: selfAdmin.id, permissions: { everything: true } });
    expect(perms.status).toBe(403);
    const lower = await edit(token, { _id: selfAdmin.id, access_level: 'Manager' });
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    expect((lower.body.data as User).access_level).toBe('Manager');
    // Now a manager: raising back is refused like any non-admin change.
    const back = await edit(token, { _id: selfAdmin.id, access_level: 'Admin' });
    expect(back.status).toBe(403);
    // A privileged user (role 3) cannot hand itself role 1.
    const privileged = await edit('privileged', { _id: t.world.users.privileged.id, roles: [1, 3] });
    expect(privileged.status).toBe(403);
  });

  it('the org a request acts in is checked on every path, sync included', async () => {
    const otherOrg = String(t.world.otherOrg);
    const own = await t.api.call('GET', '/api/v2/leads/get?limit=1', {
      token: t.tokens.admin,
      headers: { 'x-org-id': String(t.world.org) },
    });
    expect(own.status).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/api/v2/users/get', undefined],
      ['GET', '/api/v2/sync/pull?cursor=0', undefined],
      ['POST', '/api/v2/sync/push', { client_id: randomUUID(), schema_version: 1, mutations: [] }],
      ['GET', `/api/users/meta?ids=${t.world.users.outsider.id}`, undefined],
      ['POST', '/api/v2/leads/add', { name: 'Planted Lead' }],
    ] as const) {
      for (const who of ['admin', 'rep', 'manager'] as const) {
        const res = await t.api.call(method, path, {
          token: t.tokens[who],
          body,
          headers: { 'x-org-id': otherOrg },
        });
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
        expect(res.body.message).toBe('You can only work in your own organisation.');
      }
    }
    const missing = await t.api.call('GET', '/api/v2/users/get', {
      token: t.tokens.superAdmin,
      headers: { 'x-org-id': '999' },
    });
    expect(missing.status).toBe(404);
    const huge = await t.api.call('GET', '/api/v2/users/get', {
      token: t.tokens.superAdmin,
      headers: { 'x-org-id': '99999999999' },
    });
    expect(huge.status).toBe(400);
    const asSuper = await t.api.call('GET', '/api/v2/leads/get?limit=100', {
      token: t.tokens.superAdmin,
      headers: { 'x-org-id': otherOrg },
    });
    expect(asSuper.status).toBe(200);
    expect((asSuper.body.data as { _id: string }[]).map((l) => l._id)).toEqual([t.world.contacts.otherOrg]);
  });

  it("a device's sync client stays in the org it started in", async () => {
    const client = randomUUID();
    const first = await t.api.call('GET', `/api/v2/sync/pull?cursor=0&client_id=${client}`, {
      token: t.tokens.superAdmin,
    });
    expect(first.status).toBe(200);
    const elsewhere = await t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens.superAdmin,
      headers: { 'x-org-id': String(t.world.otherOrg) },
      body: {
        client_id: client,
        schema_version: 1,
        mutations: [{ id: 1, name: 'lead.add.v1', args: { name: 'Wrong Org Lead' } }],
      },
    });
    expect(elsewhere.status).toBe(403);
    const search = await t.api.call('GET', '/api/v2/leads/get?q=Wrong Org Lead', {
      token: t.tokens.superAdmin,
      headers: { 'x-org-id': String(t.world.otherOrg) },
    });
    expect(search.body.data).toEqual([]);
  });

  it('sync user.edit.v1 obeys the same grants and never carries a password', async () => {
    const res = await t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens.admin,
      body: {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: [
          { id: 1, name: 'user.edit.v1', args: { id: t.world.users.admin.id, roles: [1, 10] } },
          { id: 2, name: 'user.edit.v1', args: { id: t.world.users.rep.id, orgs: [t.world.otherOrg] } },
          { id: 3, name: 'user.edit.v1', args: { id: t.world.users.rep.id, password: 'sync password' } },
          { id: 4, name: 'user.edit.v1', args: { id: t.world.users.rep.id, setter_closer: 'closer' } },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.results as Results;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied']);
    expect(results[0]?.message).toBe(GRANT_MESSAGES.superAdminRole);
    expect(results[2]?.message).toMatch(/Passwords are changed online/);
    expect((await userAsSuper(t.world.users.admin.id)).roles).toEqual([1]);
    await t.api.login(t.world.users.rep.email, PASSWORD);
  });

  it('changing one’s password needs the current one and ends the other sessions', async () => {
    const user = await newUser();
    const current = await t.api.login(user.email, PASSWORD);
    const other = await t.api.login(user.email, PASSWORD);
    const missing = await edit(current, { _id: user.id, password: 'brand new pw 1' });
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe('Enter your current password to set a new one.');
    const wrong = await edit(current, {
      _id: user.id,
      password: 'brand new pw 1',
      current_password: 'nope nope',
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('The current password is incorrect.');
    // Counted like a failed sign-in, so a borrowed session cannot guess faster than sign-in allows.
    const [attempts] = await t.tdb.handle.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, user.email.toLowerCase()));
    expect(attempts?.failures).toBe(1);
    const changed = await edit(current, {
      _id: user.id,
      password: 'brand new pw 1',
      current_password: PASSWORD,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const still = await t.api.call('GET', '/api/v2/users/get?limit=1', { token: current });
    expect(still.status).toBe(200);
    const ended = await t.api.call('GET', '/api/v2/users/get?limit=1', { token: other });
    expect(ended.status).toBe(401);
    await expect(t.api.login(user.email, PASSWORD)).rejects.toThrow();
    const fresh = await t.api.login(user.email, 'brand new pw 1');

    // An admin's reset ends every session of the account, the one in use included.
    const reset = await edit('admin', { _id: user.id, password: 'admin reset pw' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    for (const token of [current, fresh]) {
      const res = await t.api.call('GET', '/api/v2/users/get?limit=1', { token });
      expect(res.status).toBe(401);
    }
    await t.api.login(user.email, 'admin reset pw');
  });
});
