import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LastPositionWire, PathWire } from '#src/domain/schemas/paths.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('tracked paths on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest']);

  const sendLogs = (who: UserKey, body: Record<string, unknown>) =>
    t.api.call('POST', '/api/v2/sync/logs', {
      token: t.tokens[who],
      body: { client_id: randomUUID(), ...body },
    });
  const pathsOf = (who: UserKey, query: string) =>
    t.api.call('GET', `/api/v2/paths/get?${query}`, { token: t.tokens[who] });

  it('stores a path and its points once, however often they are sent, and its end when it comes', async () => {
    const pathId = randomUUID();
    const started = { id: pathId, started_at: '2026-11-20T16:00:00.000Z', ended_at: null };
    const points = [0, 1, 2].map((i) => ({
      id: randomUUID(),
      path_id: pathId,
      lat: 33.45 + i * 0.001,
      lng: -112.07,
      accuracy: 5,
      recorded_at: `2026-11-20T16:0${i}:00.000Z`,
    }));
    const first = await sendLogs('rep', { paths: [started], path_points: points });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await sendLogs('rep', { paths: [started], path_points: points });
    await sendLogs('rep', { paths: [{ ...started, ended_at: '2026-11-20T17:00:00.000Z' }] });
    // Another user cannot end someone else's path by sending its id.
    await sendLogs('rep2', { paths: [{ ...started, ended_at: '2026-11-20T16:05:00.000Z' }] });

    const own = await pathsOf('rep', 'date=2026-11-20');
    expect(own.status).toBe(200);
    const found = (own.body.paths as PathWire[]).find((p) => p.id === pathId);
    expect(found).toMatchObject({ user_id: t.world.users.rep.id, ended_at: '2026-11-20T17:00:00.000Z' });
    expect(found?.points).toHaveLength(3);
    expect(found?.points[0]).toEqual([-112.07, 33.45, '2026-11-20T16:00:00.000Z']);
    const last = (own.body.positions as LastPositionWire[]).find((p) => p.user_id === t.world.users.rep.id);
    expect(last?.recorded_at).toBe('2026-11-20T16:02:00.000Z');
    expect(last?.lat).toBeCloseTo(33.452, 6);

    // The day is the viewer's: 16:00 UTC is 09:00 in Phoenix (UTC-7) on the same date.
    const phoenix = await pathsOf('rep', 'date=2026-11-20&tz_offset=420');
    expect((phoenix.body.paths as PathWire[]).some((p) => p.id === pathId)).toBe(true);
    const dayBefore = await pathsOf('rep', 'date=2026-11-19');
    expect((dayBefore.body.paths as PathWire[]).some((p) => p.id === pathId)).toBe(false);
  });

  it('shows a manager their team’s paths, never anyone else’s; guests see none', async () => {
    const mine = randomUUID();
    const other = randomUUID();
    await sendLogs('rep', { paths: [{ id: mine, started_at: '2026-11-21T15:00:00.000Z' }] });
    await sendLogs('rep2', { paths: [{ id: other, started_at: '2026-11-21T15:00:00.000Z' }] });
    const manager = await pathsOf('manager', 'date=2026-11-21');
    const ids = (manager.body.paths as PathWire[]).map((p) => p.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(other);
    const asked = await pathsOf('manager', `date=2026-11-21&user_ids=${t.world.users.rep2.id}`);
    expect(asked.body.paths).toEqual([]);
    const admin = await pathsOf('admin', 'date=2026-11-21');
    expect((admin.body.paths as PathWire[]).map((p) => p.id)).toEqual(expect.arrayContaining([mine, other]));
    const guest = await pathsOf('guest', 'date=2026-11-21');
    expect(guest.status).toBe(403);
  });

  it('refuses bad input with a message', async () => {
    const bad = await pathsOf('rep', 'date=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/date/);
    const badPoint = await sendLogs('rep', {
      path_points: [
        { id: randomUUID(), path_id: randomUUID(), lat: 123, lng: 0, recorded_at: '2026-11-20T16:00:00Z' },
      ],
    });
    expect(badPoint.status).toBe(400);
    expect(badPoint.body.message).toMatch(/lat/);
  });
});
