import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appSessions, errorLogs, fingerprints } from '#server/db/schema.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('notifications, interfaces and logs on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'guest']);

  it('pages notifications by 10, newest first, with the spec list fields', async () => {
    const res = await t.api.call('GET', '/api/v2/notifications/get?page=1&limit=10&sort=id&direction=desc', {
      token: t.tokens.rep,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 10, max_page: 2, count: 12, has_unread: true });
    expect(res.body).toHaveProperty('message');
    const rows = res.body.rows as { id: number; is_read: boolean; title: string }[];
    expect(rows).toHaveLength(10);
    expect(rows[0]?.title).toBe('Note 12');
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    const page2 = await t.api.call('GET', '/api/v2/notifications/get?page=2', { token: t.tokens.rep });
    expect((page2.body.rows as unknown[]).length).toBe(2);
    const empty = await t.api.call('GET', '/api/v2/notifications/get', { token: t.tokens.manager });
    expect(empty.body).toMatchObject({ count: 0, max_page: 1, has_unread: false, rows: [] });
    for (const q of ['page=0', 'limit=1000', 'sort=name', 'direction=sideways']) {
      expect(
        (await t.api.call('GET', `/api/v2/notifications/get?${q}`, { token: t.tokens.rep })).status,
        q,
      ).toBe(400);
    }
  });

  it('marks only the caller’s notifications read', async () => {
    const list = await t.api.call('GET', '/api/v2/notifications/get', { token: t.tokens.rep });
    const ids = (list.body.rows as { id: number }[]).map((r) => r.id);
    const other = await t.api.call('POST', '/api/v2/notifications/read', {
      token: t.tokens.manager,
      body: { ids },
    });
    expect(other.body.updated).toBe(0);
    const mine = await t.api.call('POST', '/api/v2/notifications/read', {
      token: t.tokens.rep,
      body: { all: true },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.updated).toBe(9);
    const after = await t.api.call('GET', '/api/v2/notifications/get', { token: t.tokens.rep });
    expect(after.body.has_unread).toBe(false);
    expect(
      (await t.api.call('POST', '/api/v2/notifications/read', { token: t.tokens.rep, body: {} })).status,
    ).toBe(400);
    expect(
      (await t.api.call('POST', '/api/v2/notifications/read', { token: t.tokens.rep, body: { ids: ['x'] } }))
        .status,
    ).toBe(400);
  });

  it('serves the built-in deal stages until an admin saves a configuration', async () => {
    const res = await t.api.call('GET', '/api/v2/interfaces/get?key=deal_stage', { token: t.tokens.rep });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(DEFAULT_DEAL_STAGES);
    expect(res.body.is_default).toBe(true);
    const custom = structuredClone(DEFAULT_DEAL_STAGES);
    custom[0]!.options[0]!.color = '#123456';
    const denied = await t.api.call('POST', '/api/v2/interfaces/edit', {
      token: t.tokens.manager,
      body: { key: 'deal_stage', type: 'config', data: custom },
    });
    expect(denied.status).toBe(403);
    const saved = await t.api.call('POST', '/api/v2/interfaces/edit', {
      token: t.tokens.admin,
      body: { key: 'deal_stage', type: 'config', data: custom },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await t.api.call('GET', '/api/v2/interfaces/get?key=deal_stage', { token: t.tokens.rep });
    expect(after.body.is_default).toBe(false);
    expect((after.body.data as typeof custom)[0]?.options[0]?.color).toBe('#123456');
    const invalid = await t.api.call('POST', '/api/v2/interfaces/edit', {
      token: t.tokens.admin,
      body: { key: 'deal_stage', type: 'config', data: [{ label: '' }] },
    });
    expect(invalid.status).toBe(400);
    const badType = await t.api.call('POST', '/api/v2/interfaces/edit', {
      token: t.tokens.admin,
      body: { key: 'deal_stage', type: 'nonsense', data: custom },
    });
    expect(badType.status).toBe(400);
    expect(
      (await t.api.call('GET', '/api/v2/interfaces/get?key=DROP TABLE', { token: t.tokens.admin })).status,
    ).toBe(400);
    expect(
      (await t.api.call('GET', '/api/v2/interfaces/get?key=deal_stage', { token: t.tokens.guest })).status,
    ).toBe(403);
  });

  it('registers a session once (idempotent) and writes error logs for the caller only', async () => {
    const body = {
      fingerprint: {
        fingerprint: 'fp-123',
        user: t.world.users.rep.id,
        device: 'Pixel 8',
        browser: 'Chrome',
        creation_date: new Date().toISOString(),
      },
      user_id: t.world.users.rep.id,
      session: {
        _id: '01890a5d-ac96-774b-bcce-b302099a0001',
        fingerprint: 'fp-123',
        start_time: new Date().toISOString(),
      },
    };
    const first = await t.api.call('POST', '/api/v2/notion/session', { token: t.tokens.rep, body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((first.body.body as { session: { _id: string } }).session._id).toBe(body.session._id);
    expect((await t.api.call('POST', '/api/v2/notion/session', { token: t.tokens.rep, body })).status).toBe(
      200,
    );
    const sessions = await t.tdb.handle.db
      .select()
      .from(appSessions)
      .where(eq(appSessions.id, body.session._id));
    expect(sessions).toHaveLength(1);
    expect(
      await t.tdb.handle.db.select().from(fingerprints).where(eq(fingerprints.fingerprint, 'fp-123')),
    ).toHaveLength(1);
    const spoof = await t.api.call('POST', '/api/v2/notion/session', {
      token: t.tokens.rep,
      body: { ...body, user_id: t.world.users.admin.id },
    });
    expect(spoof.status).toBe(403);
    const log = await t.api.call('POST', '/api/v2/notion/log', {
      token: t.tokens.rep,
      body: {
        event: 'pin_edit_failed',
        error: { code: 'E42', message: 'boom' },
        session_id: body.session._id,
        user_id: t.world.users.rep.id,
      },
    });
    expect(log.status).toBe(201);
    const logs = await t.tdb.handle.db.select().from(errorLogs).where(eq(errorLogs.event, 'pin_edit_failed'));
    expect(logs[0]?.code).toBe('E42');
    expect(
      (await t.api.call('POST', '/api/v2/notion/log', { token: t.tokens.rep, body: { error: 'x' } })).status,
    ).toBe(400);
  });
});
