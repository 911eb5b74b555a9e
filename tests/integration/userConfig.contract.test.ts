/**
 * User configurations (get, add, update; the `user_config.save.v1` mutation and its pull) and the
 * org's workspaces (fetch, create, update one table; admins only change them).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONFIG_FIELD_MAX_BYTES } from '#src/domain/schemas/userConfig.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const leadMap = (layers: Record<string, boolean>, view?: object) => ({ name: 'lead_map', layers, view });

describe.each(testDatabaseKinds())('user configuration on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);
  const get = (token: string, query: Record<string, string> = {}) =>
    t.api.call('GET', `/api/v2/user-config?${new URLSearchParams(query)}`, { token });
  const post = (token: string, path: string, body: unknown) =>
    t.api.call('POST', `/api/v2/user-config/${path}`, { token, body });

  it('a user without one reads null, adds it once, and updates only the fields named', async () => {
    expect((await get(t.tokens.rep)).body).toMatchObject({ success: true, config: null });
    expect((await post(t.tokens.rep, 'update', { filters: [] })).status).toBe(404);

    const pin = { id: randomUUID(), name: 'Office', longitude: -112.07, latitude: 33.45 };
    const added = await post(t.tokens.rep, 'add', { pins: [pin] });
    expect(added.status).toBe(201);
    expect(added.body.config).toMatchObject({ _id: t.world.users.rep.id, pins: [pin], map_layouts: [] });

    const again = await post(t.tokens.rep, 'add', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already have a configuration/);

    const layout = leadMap({ pins: true, zips: true }, { longitude: -112, latitude: 33.4, zoom: 11 });
    const updated = await post(t.tokens.rep, 'update', { map_layouts: [layout] });
    expect(updated.status).toBe(200);
    // Last write wins per field: the pins saved before are kept.
    expect((await get(t.tokens.rep)).body.config).toMatchObject({ pins: [pin], map_layouts: [layout] });
    // The sign-in answer now says the user has one.
    const validated = await t.api.call('POST', '/api/v2/auth/validate', { token: t.tokens.rep, body: {} });
    expect(validated.body.has_config).toBe(true);
  });

  it('refuses bad input with 400 and a message naming the field, never 500', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /at least one of/],
      [{ fingerprints: [] }, /fingerprints/],
      [{ pins: [{ id: 'x', name: 'A', longitude: 0, latitude: 0 }] }, /pins\.0\.id/],
      [{ map_layouts: [{ name: 'lead_map', view: { longitude: 500, latitude: 0, zoom: 3 } }] }, /longitude/],
      [{ map_layouts: [{ name: 'lead_map', layers: { pins: 'yes' } }] }, /true or false/],
      [{ filters: Array.from({ length: 201 }, () => ({})) }, /at most 200/],
      [{ layouts: ['x'.repeat(CONFIG_FIELD_MAX_BYTES)] }, /too large/],
      [{ paths: ['a\u0000b'] }, /control characters/],
      ['not an object', /./],
    ];
    for (const [body, message] of cases) {
      const res = await post(t.tokens.rep2, 'update', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await get(t.tokens.rep2, { user_id: 'nope' })).status).toBe(400);
  });

  it('only an admin reads another user’s, and only in their own org', async () => {
    await post(t.tokens.manager, 'add', { filters: [{ name: 'mine' }] });
    const asRep = await get(t.tokens.rep, { user_id: t.world.users.manager.id });
    expect(asRep.status).toBe(403);
    const asAdmin = await get(t.tokens.admin, { user_id: t.world.users.manager.id });
    expect(asAdmin.body.config).toMatchObject({ filters: [{ name: 'mine' }] });
    const asOutsider = await get(t.tokens.outsider, { user_id: t.world.users.manager.id });
    expect(asOutsider.status).toBe(404);
    expect((await get(t.tokens.admin, { user_id: randomUUID() })).status).toBe(404);
  });

  it('follows its user through sync: the queued save creates or changes it and is pulled by that user only', async () => {
    const layout = leadMap({ pins: false, regions: true }, { longitude: -111.9, latitude: 33.5, zoom: 13 });
    const res = await pushMutations(t.api, t.tokens.guest, [
      { name: 'user_config.save.v1', args: { map_layouts: [layout] } },
      { name: 'user_config.save.v1', args: { pins: [{ id: 'bad' }] } },
      { name: 'user_config.save.v1', args: { fingerprints: [] } },
    ]);
    expect((res.body.results as MutationResults).map((r) => r.status)).toEqual([
      'applied',
      'rejected',
      'rejected',
    ]);
    const mine = await pulledRows(t.api, t.tokens.guest, 'user_configs');
    expect(mine).toEqual([expect.objectContaining({ _id: t.world.users.guest.id, map_layouts: [layout] })]);
    // No one else pulls it, not even an admin of the org.
    for (const key of ['admin', 'rep2', 'outsider'] as const) {
      const rows = await pulledRows(t.api, t.tokens[key], 'user_configs');
      expect(rows.some((r) => r._id === t.world.users.guest.id)).toBe(false);
    }
  });
});

describe.each(testDatabaseKinds())('workspaces on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep', 'guest', 'outsider']);
  const post = (token: string, path: string, body: unknown) =>
    t.api.call('POST', `/api/v2/workspaces/${path}`, { token, body });
  const list = (token: string, query: Record<string, string> = {}) =>
    t.api.call('GET', `/api/v2/workspaces?${new URLSearchParams(query)}`, { token });

  it('an admin creates one and updates its tables one at a time; everyone in the org reads it', async () => {
    const contacts = { headers: ['name', 'phone'], filters: [{ field: 'status' }], groupings: [] };
    const created = await post(t.tokens.admin, 'create', {
      workspace_key: 'sales_floor',
      dash_data: { contacts },
    });
    expect(created.status).toBe(201);
    expect(created.body.workspace).toMatchObject({ workspace_id: 'sales_floor', dash_data: { contacts } });
    expect((await post(t.tokens.admin, 'create', { workspace_key: 'sales_floor' })).status).toBe(409);

    const teams = { headers: ['name'], data: { width: 3 } };
    const updated = await post(t.tokens.admin, 'update', {
      workspace_key: 'sales_floor',
      table: 'teams',
      table_data: teams,
    });
    expect(updated.status).toBe(200);
    const read = await list(t.tokens.rep, { workspace_key: 'sales_floor' });
    expect(read.body.workspaces).toEqual([
      expect.objectContaining({ workspace_key: 'sales_floor', dash_data: { contacts, teams } }),
    ]);
    expect(
      (await post(t.tokens.admin, 'update', { workspace_key: 'nowhere', table: 'teams', table_data: {} }))
        .status,
    ).toBe(404);
  });

  it('refuses other roles and other orgs', async () => {
    await post(t.tokens.admin, 'create', { workspace_key: 'admins_only' });
    const byRep = await post(t.tokens.rep, 'create', { workspace_key: 'rep_made' });
    expect(byRep.status).toBe(403);
    const repUpdate = await post(t.tokens.rep, 'update', {
      workspace_key: 'admins_only',
      table: 'contacts',
      table_data: { headers: [] },
    });
    expect(repUpdate.status).toBe(403);
    expect((await list(t.tokens.guest)).status).toBe(403);
    // Another org's admin neither sees nor changes this org's workspaces.
    expect((await list(t.tokens.outsider)).body.workspaces).toEqual([]);
    const outsider = await post(t.tokens.outsider, 'update', {
      workspace_key: 'admins_only',
      table: 'contacts',
      table_data: { headers: ['x'] },
    });
    expect(outsider.status).toBe(404);
  });

  it('refuses bad input with 400 and a clear message', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['create', { workspace_key: 'Bad Key' }, /workspace_key/],
      ['create', { workspace_key: 'ok', dash_data: { nowhere: {} } }, /dash_data/],
      ['create', { workspace_key: 'ok', dash_data: { contacts: { headers: 'x' } } }, /headers/],
      ['update', { workspace_key: 'admins_only', table: 'contacts' }, /table_data/],
      ['update', { workspace_key: 'admins_only', table: 'contacts', table_data: { extra: 1 } }, /extra/],
      [
        'update',
        { workspace_key: 'admins_only', table: 'contacts', table_data: { data: { x: 'y'.repeat(70_000) } } },
        /too large/,
      ],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(t.tokens.admin, path, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await list(t.tokens.admin, { workspace_key: '../x' })).status).toBe(400);
  });

  it('keeps a workspace within its bound however many tables are updated', async () => {
    await post(t.tokens.admin, 'create', { workspace_key: 'big' });
    const table_data = { data: { x: 'z'.repeat(60_000) } };
    const tables = ['contacts', 'teams', 'users', 'regions', 'notes'];
    const statuses: number[] = [];
    for (const table of tables)
      statuses.push(
        (await post(t.tokens.admin, 'update', { workspace_key: 'big', table, table_data })).status,
      );
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    const last = await post(t.tokens.admin, 'update', { workspace_key: 'big', table: 'notes', table_data });
    expect(last.status).toBe(400);
    expect(last.body.message).toMatch(/too large/);
  });
});
