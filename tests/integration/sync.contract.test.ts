import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { PullChange } from '#src/domain/schemas/sync.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Results = { id: number; status: string; message?: string }[];

describe.each(testDatabaseKinds('both'))('sync push and pull on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'superAdmin']);

  const pushAs = (who: UserKey, client: string, mutations: unknown[]) =>
    t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens[who],
      body: { client_id: client, schema_version: 1, mutations },
    });

  const pullAll = async (who: UserKey, client?: string, cursor = 0, limit = 1000) => {
    const changes: PullChange[] = [];
    let next = cursor;
    let last = 0;
    for (let page = 0; page < 100; page++) {
      const res = await t.api.call(
        'GET',
        `/api/v2/sync/pull?cursor=${next}&limit=${limit}${client ? `&client_id=${client}` : ''}`,
        { token: t.tokens[who] },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      changes.push(...(res.body.changes as PullChange[]));
      next = res.body.cursor as number;
      last = res.body.last_mutation_id as number;
      if (!res.body.has_more) return { changes, cursor: next, last_mutation_id: last, reset: res.body.reset };
    }
    throw new Error('pull did not finish');
  };

  it('applies mutations once: a replayed batch answers duplicate', async () => {
    const client = randomUUID();
    const id = randomUUID();
    const batch = [
      { id: 1, name: 'lead.add.v1', args: { id, name: 'Sync One', phone: '6025550001' } },
      { id: 2, name: 'lead.edit.v1', args: { _id: id, deal_stage_status: 'Not Home 1' } },
    ];
    const first = await pushAs('rep', client, batch);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.last_mutation_id).toBe(2);
    expect((first.body.results as Results).map((r) => r.status)).toEqual(['applied', 'applied']);
    // The answer was lost; the device sends the same batch again.
    const replay = await pushAs('rep', client, batch);
    expect((replay.body.results as Results).map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    const lead = await t.api.call('GET', `/api/v2/leads/get?ids=${id}`, { token: t.tokens.rep });
    expect((lead.body.data as { deal_stage_status: string }[])[0]?.deal_stage_status).toBe('Not Home 1');
  });

  it('sends a page of changes compressed to a device that accepts it, the same rows once decoded', async () => {
    const client = randomUUID();
    const mutations = Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      name: 'lead.add.v1',
      args: { name: `Packed Roof ${i}`, phone: `60255501${String(i).padStart(2, '0')}` },
    }));
    expect((await pushAs('rep', client, mutations)).status).toBe(200);
    const path = '/api/v2/sync/pull?cursor=0&limit=1000';
    const get = (acceptEncoding: string) =>
      t.api.app.request(path, {
        headers: { authorization: `Bearer ${t.tokens.rep}`, 'accept-encoding': acceptEncoding },
      });
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainText = await plain.text();
    const packed = await get('gzip, deflate, br, zstd');
    expect(packed.status).toBe(200);
    expect(packed.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(plainText.length / 3);
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(JSON.parse(plainText));
  });

  it('stops at a gap and applies nothing past it', async () => {
    const client = randomUUID();
    const res = await pushAs('rep', client, [
      { id: 1, name: 'lead.add.v1', args: { name: 'Gap One' } },
      { id: 3, name: 'lead.add.v1', args: { name: 'Gap Three' } },
    ]);
    expect(res.body.last_mutation_id).toBe(1);
    expect((res.body.results as Results).map((r) => r.id)).toEqual([1]);
    const search = await t.api.call('GET', '/api/v2/leads/get?q=Gap Three', { token: t.tokens.rep });
    expect(search.body.data).toEqual([]);
  });

  it('rejects a poison mutation, records why, and applies the ones behind it', async () => {
    const client = randomUUID();
    const res = await pushAs('rep', client, [
      { id: 1, name: 'lead.add.v1', args: { name: 'Poison', preferred_language: 'klingon' } },
      { id: 2, name: 'lead.edit.v1', args: { _id: t.world.contacts.teamB, deal_stage_status: 'Renter' } },
      { id: 3, name: 'lead.archive.v9', args: {} },
      { id: 4, name: 'lead.add.v1', args: { name: 'After Poison' } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.last_mutation_id).toBe(4);
    const results = res.body.results as Results;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied']);
    expect(results[0]?.message).toMatch(/preferred_language/);
    expect(results[1]?.message).toMatch(/does not exist or you do not have access/);
    expect(results[2]?.message).toMatch(/Update the app/);
    // The answer was lost: the replay says again which were refused and why, never "duplicate".
    const replay = await pushAs('rep', client, [
      { id: 1, name: 'lead.add.v1', args: { name: 'Poison', preferred_language: 'klingon' } },
      { id: 2, name: 'lead.edit.v1', args: { _id: t.world.contacts.teamB, deal_stage_status: 'Renter' } },
      { id: 3, name: 'lead.archive.v9', args: {} },
      { id: 4, name: 'lead.add.v1', args: { name: 'After Poison' } },
      { id: 5, name: 'lead.add.v1', args: { name: 'After The Replay' } },
    ]);
    expect(replay.body.last_mutation_id).toBe(5);
    expect(replay.body.results).toEqual([
      ...results.slice(0, 3),
      { id: 4, status: 'duplicate' },
      { id: 5, status: 'applied' },
    ]);
    const again = await pushAs('rep', client, [{ id: 2, name: 'lead.edit.v1', args: {} }]);
    expect(again.body.results).toEqual([results[1]]);
  });

  it('commits a batch as one version that later writes never reuse, even around a rejection', async () => {
    const client = randomUUID();
    const before = await pullAll('rep');
    const [a, b] = [randomUUID(), randomUUID()];
    const res = await pushAs('rep', client, [
      { id: 1, name: 'lead.add.v1', args: { id: a, name: 'Batch A' } },
      { id: 2, name: 'lead.add.v1', args: { name: 'Batch Poison', preferred_language: 'klingon' } },
      { id: 3, name: 'lead.add.v1', args: { id: b, name: 'Batch B' } },
      { id: 4, name: 'lead.edit.v1', args: { _id: a, deal_stage_status: 'Not Home 1' } },
    ]);
    expect((res.body.results as Results).map((r) => r.status)).toEqual([
      'applied',
      'rejected',
      'applied',
      'applied',
    ]);
    const batch = await pullAll('rep', undefined, before.cursor);
    const rows = batch.changes.filter((c) => c.table === 'contacts').map((c) => c.row);
    expect(rows.map((r) => r._id).sort()).toEqual([a, b].sort());
    expect(new Set(rows.map((r) => r.version)).size).toBe(1);
    expect(rows.find((r) => r._id === a)?.deal_stage_status).toBe('Not Home 1');
    const batchVersion = rows[0]?.version as number;

    await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: b, deal_stage_status: 'Come Back' },
    });
    const later = await pullAll('rep', undefined, batch.cursor);
    const edited = later.changes.find((c) => c.row._id === b);
    expect(edited?.row.version).toBeGreaterThan(batchVersion);
  });
  it('saves the profile editor: name and phone, and a configuration from then on', async () => {
    const before = await t.api.call('POST', '/api/v2/auth/validate', { token: t.tokens.rep2 });
    expect(before.body.has_config).toBe(false);
    const client = randomUUID();
    const res = await pushAs('rep2', client, [
      { id: 1, name: 'profile.save.v1', args: { name: '', phone: '1' } },
      { id: 2, name: 'profile.save.v1', args: { name: 'Rivera, Rosa', phone: '(602) 555-0142' } },
      { id: 3, name: 'profile.save.v1', args: { name: 'Rosa Rivera', phone: '602-555-0143' } },
    ]);
    const results = res.body.results as Results;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'applied', 'applied']);
    expect(results[0]?.message).toMatch(/name/);
    const after = await t.api.call('POST', '/api/v2/auth/validate', { token: t.tokens.rep2 });
    expect(after.body.has_config).toBe(true);
    const users = await t.api.call('GET', `/api/v2/users/get?_ids=${t.world.users.rep2.id}`, {
      token: t.tokens.admin,
    });
    const saved = (users.body.data as { name: string; first_name: string; phone: string }[])[0];
    expect(saved).toMatchObject({ name: 'Rosa Rivera', first_name: 'Rosa', phone: '6025550143' });
  });

  it('refuses a device id that belongs to another user', async () => {
    const client = randomUUID();
    await pushAs('rep', client, [{ id: 1, name: 'lead.add.v1', args: { name: 'Mine' } }]);
    const other = await pushAs('rep2', client, [{ id: 2, name: 'lead.add.v1', args: { name: 'Not yours' } }]);
    expect(other.status).toBe(403);
  });

  it('refuses a device that syncs another org, pushing or pulling, and applies nothing', async () => {
    const client = randomUUID();
    const home = await pushAs('superAdmin', client, [
      { id: 1, name: 'lead.add.v1', args: { name: 'Home org' } },
    ]);
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    const elsewhere = { token: t.tokens.superAdmin, headers: { 'x-org-id': String(t.world.otherOrg) } };
    const id = randomUUID();
    const pushed = await t.api.call('POST', '/api/v2/sync/push', {
      ...elsewhere,
      body: {
        client_id: client,
        schema_version: 1,
        mutations: [{ id: 2, name: 'lead.add.v1', args: { id, name: 'Other org' } }],
      },
    });
    const pulled = await t.api.call('GET', `/api/v2/sync/pull?cursor=0&client_id=${client}`, elsewhere);
    for (const res of [pushed, pulled]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'This device syncs another organisation. Sign out and in again to work in this one.',
      );
    }
    const lead = await t.api.call('GET', `/api/v2/leads/get?ids=${id}`, elsewhere);
    expect(lead.body.data).toEqual([]);
  });

  it('validates the push envelope', async () => {
    const bad = [
      { client_id: 'x', schema_version: 1, mutations: [] },
      { client_id: randomUUID(), schema_version: 1, mutations: [{ id: 0, name: 'lead.add.v1', args: {} }] },
      {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: Array.from({ length: 101 }, (_, i) => ({ id: i + 1, name: 'lead.add.v1', args: {} })),
      },
    ];
    for (const body of bad) {
      expect((await t.api.call('POST', '/api/v2/sync/push', { token: t.tokens.rep, body })).status).toBe(400);
    }
  });

  it('rejects a stale status edit but never the device’s own earlier edit', async () => {
    const device = randomUUID();
    const id = randomUUID();
    await pushAs('rep', device, [{ id: 1, name: 'lead.add.v1', args: { id, name: 'Conflict Lead' } }]);
    const pulled = await pullAll('rep', device);
    const row = pulled.changes.find((c) => c.row._id === id)?.row as unknown as {
      field_versions: Record<string, number>;
    };
    const base = row.field_versions;
    // Offline, the device edits the status twice in a row.
    const own = await pushAs('rep', device, [
      {
        id: 2,
        name: 'lead.edit.v1',
        args: { _id: id, deal_stage_status: 'Not Home 1', base_versions: base },
      },
      {
        id: 3,
        name: 'lead.edit.v1',
        args: { _id: id, deal_stage_status: 'Not Home 2', base_versions: base },
      },
    ]);
    expect((own.body.results as Results).map((r) => r.status)).toEqual(['applied', 'applied']);
    // The manager changes the status; the device, not having pulled, edits it again.
    await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.manager,
      body: { _id: id, deal_stage_status: 'Come Back' },
    });
    const stale = await pushAs('rep', device, [
      {
        id: 4,
        name: 'lead.edit.v1',
        args: { _id: id, deal_stage_status: 'Not Interested', base_versions: base },
      },
      { id: 5, name: 'lead.edit.v1', args: { _id: id, email: 'conflict@example.com', base_versions: base } },
    ]);
    const results = stale.body.results as Results;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(results[0]?.message).toMatch(/Someone else changed deal stage status of this lead to 'Come Back'/);
    const lead = await t.api.call('GET', `/api/v2/leads/get?ids=${id}`, { token: t.tokens.rep });
    expect((lead.body.data as Record<string, unknown>[])[0]).toMatchObject({
      deal_stage_status: 'Come Back',
      email: 'conflict@example.com',
    });
  });

  it('pulls only what the caller may see, in version order, in pages that do not split a version', async () => {
    const all = await pullAll('rep', undefined, 0, 3);
    const contactIds = new Set(all.changes.filter((c) => c.table === 'contacts').map((c) => c.row._id));
    expect(contactIds.has(t.world.contacts.repOwn)).toBe(true);
    expect(contactIds.has(t.world.contacts.teamB)).toBe(false);
    expect(contactIds.has(t.world.contacts.otherOrg)).toBe(false);
    const versions = all.changes.map((c) => c.row.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    const users = all.changes.filter((c) => c.table === 'users');
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => !('password_hash' in u.row))).toBe(true);
    const admin = await pullAll('admin');
    expect(admin.changes.some((c) => c.row._id === t.world.contacts.teamB)).toBe(true);
  });

  it('ends each page at the `limit`-th lowest version, whole, and says exactly whether more follows', async () => {
    // Consecutive versions over several tables (a lead, its note, a knock and their activities).
    const client = randomUUID();
    const start = (await pullAll('rep')).cursor;
    for (let i = 1; i <= 4; i++) {
      const res = await pushAs('rep', client, [
        {
          id: i,
          name: 'lead.edit.v1',
          args: { _id: t.world.contacts.repOwn, deal_stage_status: i % 2 ? 'Not Home 1' : 'Come Back' },
        },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const whole = (await pullAll('rep', undefined, start)).changes;
    const versions = [...new Set(whole.map((c) => c.row.version))].sort((a, b) => a - b);
    expect(versions.length).toBeGreaterThanOrEqual(4);
    for (const limit of [1, 2, 3, 5]) {
      let cursor = start;
      const seen: PullChange[] = [];
      for (let page = 0; page < 50; page++) {
        const res = await t.api.call('GET', `/api/v2/sync/pull?cursor=${cursor}&limit=${limit}`, {
          token: t.tokens.rep,
        });
        const changes = res.body.changes as PullChange[];
        const rest = whole.filter((c) => c.row.version > cursor).map((c) => c.row.version);
        const rows = [...rest].sort((a, b) => a - b);
        // The bound is the `limit`-th lowest row's version; every row of that version comes along.
        const bound = rows[Math.min(limit, rows.length) - 1] as number;
        expect(res.body.cursor, `limit ${limit}, page ${page}`).toBe(bound);
        expect(changes.map((c) => c.row.version)).toEqual(rows.filter((v) => v <= bound));
        expect(res.body.has_more).toBe(rows.some((v) => v > bound));
        seen.push(...changes);
        cursor = res.body.cursor as number;
        if (!res.body.has_more) break;
      }
      expect(seen).toEqual(whole);
    }
  });

  it('pulls a lead in exactly the shape the leads API answers with', async () => {
    const created = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.admin,
      body: { name: 'Same Shape', address: '1 Main St, Mesa, AZ 85201', coordinates: [-111.83, 33.41] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { _id: string })._id;
    const got = await t.api.call('GET', `/api/v2/leads/get?ids=${id}`, { token: t.tokens.admin });
    const [fromApi] = got.body.data as Record<string, unknown>[];
    const pulled = (await pullAll('admin')).changes.find((c) => c.row._id === id);
    expect(fromApi).toMatchObject({ _id: id, name: 'Same Shape' });
    expect(pulled?.row).toEqual(fromApi);
    expect(pulled?.row.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(pulled?.row).not.toHaveProperty('field_writers');
    expect(fromApi).not.toHaveProperty('field_writers');
  });

  it('sends tombstones for deleted rows and nothing new when nothing changed', async () => {
    const before = await pullAll('manager');
    const created = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.manager,
      body: { name: 'To Delete' },
    });
    const id = (created.body.data as { _id: string })._id;
    await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.manager,
      body: { _id: id, deleted: true },
    });
    const after = await pullAll('manager', undefined, before.cursor);
    const tomb = after.changes.find((c) => c.row._id === id);
    expect(tomb?.row.deleted_at).not.toBeNull();
    const again = await pullAll('manager', undefined, after.cursor);
    expect(again.changes).toEqual([]);
    expect(again.cursor).toBe(after.cursor);
  });

  it('tells a device to re-sync in full when the caller’s reach changed', async () => {
    const device = randomUUID();
    const first = await pullAll('rep2', device);
    expect(first.reset).toBe(false);
    await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.admin,
      body: {
        _id: t.world.users.rep2.id,
        teams: [
          { id: t.world.teams.a, role: 'Member' },
          { id: t.world.teams.b, role: 'Member' },
        ],
      },
    });
    const res = await t.api.call('GET', `/api/v2/sync/pull?cursor=${first.cursor}&client_id=${device}`, {
      token: t.tokens.rep2,
    });
    expect(res.body.reset).toBe(true);
    expect((res.body.changes as PullChange[]).some((c) => c.row._id === t.world.contacts.repOwn)).toBe(true);
  });

  it('a cursor below the tombstone horizon re-syncs in full, and the pages of that full sync are not reset again', async () => {
    const { db } = t.tdb.handle;
    const device = randomUUID();
    const seen = await pullAll('manager', device);
    const created = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.manager,
      body: { name: 'Pruned Tombstone' },
    });
    const id = (created.body.data as { _id: string })._id;
    const held = await pullAll('manager', device, seen.cursor);
    await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.manager,
      body: { _id: id, deleted: true },
    });
    for (const name of ['Horizon One', 'Horizon Two'])
      await t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.manager, body: { name } });
    // A pruning of tombstones up to the org's version.
    const [counter] = (
      (await db.execute(
        sql`UPDATE org_versions SET horizon = v WHERE org_id = ${t.world.org} RETURNING horizon`,
      )) as unknown as { rows: { horizon: string }[] }
    ).rows;
    const horizon = Number(counter?.horizon);
    await db.execute(sql`DELETE FROM contacts WHERE id = ${id}`);
    try {
      const ask = (cursor: number, extra = '') =>
        t.api.call('GET', `/api/v2/sync/pull?cursor=${cursor}&limit=1&client_id=${device}${extra}`, {
          token: t.tokens.manager,
        });
      const first = await ask(held.cursor);
      expect(first.body).toMatchObject({ reset: true, horizon, has_more: true });
      const pages = [first];
      for (let i = 0; i < 200 && pages.at(-1)?.body.has_more; i++) {
        const page = await ask(pages.at(-1)?.body.cursor as number, `&horizon=${horizon}`);
        expect(page.status).toBe(200);
        expect(page.body.reset).toBe(false);
        pages.push(page);
      }
      expect(pages.at(-1)?.body.has_more).toBe(false);
      const ids = pages.flatMap((p) => (p.body.changes as PullChange[]).map((c) => c.row._id));
      expect(ids).not.toContain(id);
      expect(ids).toContain(t.world.contacts.repOwn);
      // A device that never started again from 0 is still sent back, whatever page it is at.
      expect((await ask(first.body.cursor as number)).body.reset).toBe(true);
      expect((await ask(first.body.cursor as number, '&horizon=0')).body.reset).toBe(true);
      expect((await ask(first.body.cursor as number, '&horizon=-1')).status).toBe(400);
    } finally {
      await db.execute(sql`UPDATE org_versions SET horizon = 0 WHERE org_id = ${t.world.org}`);
    }
  });

  it('pulls what changed in a few statements, not one or two for every synced table', async () => {
    const device = randomUUID();
    const first = await pullAll('manager', device);
    await t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.manager, body: { name: 'Cheap Pull' } });
    const client = (t.tdb.handle.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const statements = vi.spyOn(client, 'query');
    try {
      const res = await t.api.call('GET', `/api/v2/sync/pull?cursor=${first.cursor}&client_id=${device}`, {
        token: t.tokens.manager,
      });
      expect((res.body.changes as PullChange[]).map((c) => c.row.name)).toContain('Cheap Pull');
      // The caller's session and rights, the org's counter, the device, one look at every table for
      // what changed, and the rows of the tables that did.
      expect(statements.mock.calls.length).toBeLessThanOrEqual(8);
    } finally {
      statements.mockRestore();
    }
  });

  it.skipIf(kind !== 'postgres')(
    'applies a batch of knocks in few statements, holding the org’s counter for one of them',
    async () => {
      const leads: string[] = [];
      for (const name of ['Knock One', 'Knock Two', 'Knock Three']) {
        const res = await t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.rep, body: { name } });
        leads.push((res.body.data as { _id: string })._id);
      }
      const client = randomUUID();
      await pushAs('rep', client, []);
      const statements: string[] = [];
      const query = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        const text = args[0] as string | { text: string };
        statements.push(typeof text === 'string' ? text : text.text);
        return (query as (...a: unknown[]) => unknown).apply(this, args) as never;
      });
      try {
        const at = new Date().toISOString();
        const res = await pushAs(
          'rep',
          client,
          leads.map((id, i) => ({
            id: i + 1,
            name: 'lead.edit.v1',
            args: {
              _id: id,
              deal_stage_status: 'Not Home 1',
              knock: { lat: 33.4, lng: -112, accuracy: 5, at },
            },
          })),
        );
        expect((res.body.results as Results).map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
      } finally {
        spy.mockRestore();
      }
      // The org's counter is written by one statement, which commits at once: writers of the org
      // wait on each other for that statement only, never for a whole batch (versions.ts).
      const counter = statements.filter((q) => /INSERT INTO "?org_versions/.test(q));
      expect(counter).toHaveLength(1);
      expect(counter[0]).toMatch(/COMMIT;\s*$/);
      // Then the batch: its device row and its leads locked; per knock, the lead read and written, its two
      // activities (status, and the stage it now has), its knock and its automation event; the
      // batch's deal stages and webhook endpoints once; the device's new last id; the lease given
      // back; begin and commit.
      const from = statements.indexOf(counter[0] as string);
      const commit = statements.findIndex((q, i) => i > from && q.trim().toLowerCase() === 'commit');
      expect(commit).toBeGreaterThan(from);
      expect(commit - from).toBeLessThanOrEqual(1 + 2 + 3 * 6 + 2 + 1 + 1 + 1);
    },
  );

  it('reports the device’s last mutation id on pull', async () => {
    const device = randomUUID();
    await pushAs('rep', device, [{ id: 1, name: 'lead.add.v1', args: { name: 'Counted' } }]);
    const res = await t.api.call('GET', `/api/v2/sync/pull?cursor=0&limit=1&client_id=${device}`, {
      token: t.tokens.rep,
    });
    expect(res.body.last_mutation_id).toBe(1);
    expect((await t.api.call('GET', '/api/v2/sync/pull?cursor=-1', { token: t.tokens.rep })).status).toBe(
      400,
    );
  });
});
