/** Named roles: CRUD for admins only, org isolation, grants applied from the next request, last admin. */
import { describe, expect, it } from 'vitest';
import { callerStamp } from '#server/services/actors.ts';
import { LAST_ADMIN_MESSAGE } from '#src/domain/customRoles.ts';
import { createTestApi } from '../support/api.ts';
import { type ApiWorld, type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Role = { _id: string; id: number; name: string; permissions: string[]; users?: number };

const call = (t: ApiWorld, who: UserKey, method: string, path: string, body?: unknown, org?: number) =>
  t.api.call(method, path, {
    token: t.tokens[who],
    ...(body !== undefined ? { body } : {}),
    ...(org !== undefined ? { headers: { 'x-org-id': String(org) } } : {}),
  });

async function addRole(t: ApiWorld, body: unknown, who: UserKey = 'admin', org?: number): Promise<Role> {
  const res = await call(t, who, 'POST', '/api/v2/roles/add', body, org);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Role;
}

const setRoles = (t: ApiWorld, who: UserKey, userId: string, roles: number[], org?: number) =>
  call(t, who, 'POST', '/api/v2/users/edit', { _id: userId, roles }, org);

describe.each(testDatabaseKinds())('roles on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'guest', 'privileged', 'superAdmin', 'outsider']);

  it('lets an admin add, list, edit and delete roles, numbered from 100, names unique per org', async () => {
    const role = await addRole(t, {
      name: '  Field   leads ',
      permissions: ['teams.manage', 'contacts.read', 'teams.manage'],
    });
    expect(role).toMatchObject({
      name: 'Field leads',
      permissions: ['contacts.read', 'teams.manage'],
      users: 0,
    });
    expect(role.id).toBeGreaterThanOrEqual(100);
    expect(role._id).toBe(String(role.id));
    const second = await addRole(t, { name: 'Office' });
    expect(second.id).toBe(role.id + 1);
    expect(second.permissions).toEqual([]);

    const dup = await call(t, 'admin', 'POST', '/api/v2/roles/add', { name: 'FIELD LEADS' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A role with this name already exists.');
    const renameDup = await call(t, 'admin', 'POST', '/api/v2/roles/edit', {
      id: second.id,
      name: 'field leads',
    });
    expect(renameDup.status).toBe(409);

    const edited = await call(t, 'admin', 'POST', '/api/v2/roles/edit', {
      id: second.id,
      name: 'Back office',
      permissions: ['products.manage'],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Back office', permissions: ['products.manage'] });

    const list = await call(t, 'admin', 'GET', '/api/v2/roles/get');
    expect(list.status).toBe(200);
    expect((list.body.data as Role[]).map((r) => r.name)).toEqual(['Back office', 'Field leads']);

    const deleted = await call(t, 'admin', 'POST', '/api/v2/roles/delete', { id: second.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: second.id, users: 0 });
    const after = await call(t, 'admin', 'GET', '/api/v2/roles/get');
    expect((after.body.data as Role[]).map((r) => r.id)).toEqual([role.id]);
    for (const [path, body] of [
      ['/api/v2/roles/edit', { id: second.id, name: 'Again' }],
      ['/api/v2/roles/delete', { id: second.id }],
      ['/api/v2/roles/edit', { id: 999, name: 'Nobody' }],
    ] as const) {
      const gone = await call(t, 'admin', 'POST', path, body);
      expect(gone.status, path).toBe(404);
      expect(gone.body.message).toBe('This role does not exist.');
    }
    // A deleted role's name is free again, and its id is never reused.
    const reused = await addRole(t, { name: 'Back office' });
    expect(reused.id).toBe(second.id + 1);

    // Every user of the org pulls the roles (a guest too: their device builds its own grants).
    for (const who of ['rep', 'guest'] as const) {
      const rows = await pulledRows(t.api, t.tokens[who], 'roles');
      const live = rows.filter((r) => !r.deleted_at).map((r) => r._id);
      expect(live.sort(), who).toEqual([String(role.id), String(reused.id)].sort());
      // The deleted one arrives as a tombstone, so a device that had it drops it.
      expect(rows.find((r) => r._id === String(second.id))?.deleted_at, who).toBeTruthy();
    }
    expect(await pulledRows(t.api, t.tokens.outsider, 'roles')).toEqual([]);
  });

  it('refuses invalid input with 400', async () => {
    for (const [path, body] of [
      ['/api/v2/roles/add', { name: '' }],
      ['/api/v2/roles/add', { name: '   ' }],
      ['/api/v2/roles/add', { name: 'x'.repeat(81) }],
      ['/api/v2/roles/add', { name: 'Nul\u0000' }],
      ['/api/v2/roles/add', { name: 'Roles', permissions: ['roles.manage'] }],
      ['/api/v2/roles/add', { name: 'Reads', permissions: ['users.read'] }],
      ['/api/v2/roles/add', { name: 'Typo', permissions: 'teams.manage' }],
      ['/api/v2/roles/add', { name: 'Extra', org_id: 7 }],
      ['/api/v2/roles/edit', { id: 1, name: 'Admin' }],
      ['/api/v2/roles/edit', { id: 100.5, name: 'Half' }],
      ['/api/v2/roles/edit', { name: 'No id' }],
      ['/api/v2/roles/delete', { id: '100' }],
      ['/api/v2/roles/delete', { id: 100_000 }],
    ] as const) {
      const res = await call(t, 'admin', 'POST', path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('refuses a user, a manager, the privileged tier and a guest on every call', async () => {
    const role = await addRole(t, { name: 'Untouchable', permissions: ['teams.manage'] });
    for (const who of ['rep', 'manager', 'privileged', 'guest'] as const) {
      const list = await call(t, who, 'GET', '/api/v2/roles/get');
      expect(list.status, who).toBe(403);
      expect(list.body.message).toBe('Only admins can change roles.');
      expect((await call(t, who, 'POST', '/api/v2/roles/add', { name: `By ${who}` })).status, who).toBe(403);
      const edit = await call(t, who, 'POST', '/api/v2/roles/edit', { id: role.id, name: 'Mine' });
      expect(edit.status, who).toBe(403);
      expect((await call(t, who, 'POST', '/api/v2/roles/delete', { id: role.id })).status, who).toBe(403);
    }
    expect((await t.api.call('GET', '/api/v2/roles/get')).status).toBe(401);
  });

  it("changes a caller's stamp with their own org's roles only, never another org's", async () => {
    const stamp = () => callerStamp(t.tdb.handle.db, t.world.users.rep.id);
    const before = await stamp();
    expect(before).toBeDefined();
    const elsewhere = await addRole(t, { name: 'Elsewhere', permissions: ['regions.manage'] }, 'outsider');
    expect(await stamp()).toBe(before);
    // Org 7 is left with no role of its own again (a later test counts them).
    const deleted = await call(t, 'outsider', 'POST', '/api/v2/roles/delete', { id: elsewhere.id });
    expect(deleted.status).toBe(200);
    expect(await stamp()).toBe(before);
    await addRole(t, { name: 'At home', permissions: ['regions.manage'] });
    expect(await stamp()).not.toBe(before);
  });

  it("never shows, changes or assigns another org's role", async () => {
    const ours = await addRole(t, { name: 'Ours only', permissions: ['regions.manage'] });
    const theirs = await call(t, 'outsider', 'GET', '/api/v2/roles/get');
    expect(theirs.status).toBe(200);
    expect((theirs.body.data as Role[]).map((r) => r.name)).not.toContain('Ours only');
    expect(
      (await call(t, 'outsider', 'POST', '/api/v2/roles/edit', { id: ours.id, name: 'Taken' })).status,
    ).toBe(404);
    expect((await call(t, 'outsider', 'POST', '/api/v2/roles/delete', { id: ours.id })).status).toBe(404);
    // Org 7 has no role with that id: assigning it there (as a super admin acting in org 7) is an
    // unknown role.
    const assign = await setRoles(t, 'superAdmin', t.world.users.outsider.id, [1, ours.id], 7);
    expect(assign.status).toBe(400);
    expect(assign.body.message).toContain(`Unknown role id ${ours.id}`);
    // Naming another org in the header is refused outright for an org admin.
    expect((await call(t, 'outsider', 'GET', '/api/v2/roles/get', undefined, 6)).status).toBe(403);
    const still = await call(t, 'admin', 'GET', '/api/v2/roles/get');
    expect((still.body.data as Role[]).find((r) => r.id === ours.id)?.name).toBe('Ours only');
  });

  it('refuses unknown role ids on users and keeps the super admin role to super admins', async () => {
    for (const roles of [[999], [2], [5]]) {
      const res = await setRoles(t, 'admin', t.world.users.rep.id, roles);
      expect(res.status, JSON.stringify(roles)).toBe(400);
      expect(res.body.message).toMatch(/^Unknown role id/);
    }
    const added = await call(t, 'admin', 'POST', '/api/v2/users/add', {
      name: 'Unknown Role',
      email: 'unknown.role@test.local',
      roles: [998],
    });
    expect(added.status).toBe(400);
    const superRole = await setRoles(t, 'admin', t.world.users.rep.id, [10]);
    expect(superRole.status).toBe(403);
    expect((await setRoles(t, 'superAdmin', t.world.users.rep2.id, [3])).status).toBe(200);
    expect((await setRoles(t, 'admin', t.world.users.rep2.id, [])).status).toBe(200);
  });

  it("grants 'manage teams' to a user from their next request, and takes it away again", async () => {
    const team = t.world.teams.b;
    // The rep talks to a second server instance (its own caller cache); the admin to the first.
    const instance = createTestApi(t.tdb.handle.db);
    let n = 0;
    const renameTeam = async () => {
      const res = await pushMutations(instance, t.tokens.rep, [
        { name: 'record.save.v1', args: { table: 'teams', id: team, fields: { name: `Renamed ${++n}` } } },
      ]);
      expect(res.status).toBe(200);
      return (res.body.results as { status: string; message?: string }[])[0];
    };
    // The rep's caller is loaded (and cached) before any change.
    expect((await renameTeam())?.status).toBe('rejected');
    const role = await addRole(t, { name: 'Team keepers', permissions: ['teams.manage'] });
    expect((await setRoles(t, 'admin', t.world.users.rep.id, [role.id])).status).toBe(200);
    expect(await renameTeam()).toMatchObject({ status: 'applied' });
    const listed = await call(t, 'admin', 'GET', '/api/v2/roles/get');
    expect((listed.body.data as Role[]).find((r) => r.id === role.id)?.users).toBe(1);

    // Taking the permission off the role refuses the very next request.
    expect(
      (await call(t, 'admin', 'POST', '/api/v2/roles/edit', { id: role.id, permissions: [] })).status,
    ).toBe(200);
    expect((await renameTeam())?.status).toBe('rejected');
    expect(
      (await call(t, 'admin', 'POST', '/api/v2/roles/edit', { id: role.id, permissions: ['teams.manage'] }))
        .status,
    ).toBe(200);
    expect((await renameTeam())?.status).toBe('applied');

    // Deleting the role takes it off the rep (their device pulls the change) and refuses again.
    const deleted = await call(t, 'admin', 'POST', '/api/v2/roles/delete', { id: role.id });
    expect(deleted.body.data).toEqual({ id: role.id, users: 1 });
    expect((await renameTeam())?.status).toBe('rejected');
    const rep = (await pulledRows(t.api, t.tokens.rep, 'users')).find((u) => u._id === t.world.users.rep.id);
    expect(rep?.roles).toEqual([]);
    // Still a plain user: no admin call opens for them.
    expect((await call(t, 'rep', 'GET', '/api/v2/roles/get')).status).toBe(403);
  });

  it("applies a change of the caller's teams from their next request, on any instance", async () => {
    const teamB = t.world.teams.b;
    // The manager leads team A, not team B. Only team B's row changes below, not the manager's account.
    const stamp = () => callerStamp(t.tdb.handle.db, t.world.users.manager.id);
    // The manager talks to a second server instance (its own caller cache); the admin to the first.
    const instance = createTestApi(t.tdb.handle.db);
    const knockTeamB = () =>
      instance.call('POST', '/api/v2/leads/edit', {
        token: t.tokens.manager,
        body: { _id: t.world.contacts.teamB, deal_stage_status: 'Not Home 1' },
      });
    const setLeader = async (leader: string | null) => {
      const res = await pushMutations(t.api, t.tokens.admin, [
        { name: 'record.save.v1', args: { table: 'teams', id: teamB, fields: { leader_id: leader } } },
      ]);
      expect((res.body.results as { status: string }[])[0]?.status).toBe('applied');
    };
    // The manager's caller is loaded (and cached) before any change.
    expect((await knockTeamB()).status).toBe(404);

    const before = await stamp();
    await setLeader(t.world.users.manager.id);
    expect(await stamp()).not.toBe(before);
    expect((await knockTeamB()).status).toBe(200);

    await setLeader(null);
    expect((await knockTeamB()).status).toBe(404);
  });

  it('never lets the last admin be demoted, deactivated, deleted or lose an admin-equivalent role', async () => {
    const outsider = t.world.users.outsider.id;
    const edit = (who: UserKey, body: Record<string, unknown>, org?: number) =>
      call(t, who, 'POST', '/api/v2/users/edit', { _id: outsider, ...body }, org);
    // The outsider is the only admin of org 7.
    for (const change of [
      { access_level: 'User', roles: [] },
      { access_level: 'Manager', roles: [] },
      { active: false },
      { status: false },
      { deleted: true },
    ]) {
      const res = await edit('outsider', change);
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body.message).toBe(LAST_ADMIN_MESSAGE);
    }
    // With a holder of an admin-equivalent role in the org, the admin may step down…
    const keeper = await addRole(t, { name: 'Keepers', permissions: ['users.manage'] }, 'superAdmin', 7);
    const holder = await call(
      t,
      'superAdmin',
      'POST',
      '/api/v2/users/add',
      {
        name: 'Keeper',
        email: 'keeper.roles@test.local',
        roles: [keeper.id],
      },
      7,
    );
    expect(holder.status, JSON.stringify(holder.body)).toBe(201);
    expect((await edit('outsider', { access_level: 'User', roles: [] })).status).toBe(200);
    // …and then that role can neither lose its right nor be deleted.
    const strip = await call(
      t,
      'superAdmin',
      'POST',
      '/api/v2/roles/edit',
      { id: keeper.id, permissions: [] },
      7,
    );
    expect(strip.status).toBe(409);
    expect(strip.body.message).toBe(LAST_ADMIN_MESSAGE);
    const del = await call(t, 'superAdmin', 'POST', '/api/v2/roles/delete', { id: keeper.id }, 7);
    expect(del.status).toBe(409);
    expect((await call(t, 'superAdmin', 'GET', '/api/v2/roles/get', undefined, 7)).body.data).toEqual([
      expect.objectContaining({ id: keeper.id, permissions: ['users.manage'], users: 1 }),
    ]);
    // Restored: the outsider is admin again, and then the role may go.
    expect((await edit('superAdmin', { access_level: 'Admin', roles: [1] }, 7)).status).toBe(200);
    expect((await call(t, 'superAdmin', 'POST', '/api/v2/roles/delete', { id: keeper.id }, 7)).status).toBe(
      200,
    );
    // In org 6 the admin may step down while the super admin remains.
    const other = await addRole(t, { name: 'Harmless' });
    expect((await call(t, 'admin', 'POST', '/api/v2/roles/delete', { id: other.id })).status).toBe(200);
  });
});
