/**
 * Live update streams are capped per session, per user and per process (429 with Retry-After),
 * and end as soon as their session does: sign-out, a password change (the other sessions), an
 * admin's reset, deactivation and deletion.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { orgVersions } from '#server/db/schema.ts';
import { DEFAULT_LIMITS } from '#server/limits.ts';
import { liveHub } from '#server/services/liveUpdates.ts';
import { createTestApi, type TestApi, testConfig } from '../support/api.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { type EventReader, pokeVersion, readEvents } from '../support/eventStream.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

/** Long enough for a stream that should end to end; far shorter than its 25 s heartbeat. */
const PROMPTLY_MS = 3_000;

describe.each(testDatabaseKinds('both'))('live stream limits and revocation on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep']);
  const hubSize = () => liveHub(t.tdb.handle.db).size;

  const request = (token: string, api: TestApi = t.api) =>
    api.app.request('/api/v2/events/stream', { headers: { authorization: `Bearer ${token}` } });
  const open = async (token: string, api?: TestApi): Promise<EventReader> => {
    const res = await request(token, api);
    expect(res.status).toBe(200);
    const stream = readEvents(res);
    // The first poke: the stream is subscribed.
    pokeVersion(await stream.next());
    return stream;
  };
  const closeAll = async (streams: EventReader[]) => {
    await Promise.all(streams.map((s) => s.close()));
    await vi.waitFor(() => expect(hubSize()).toBe(0));
  };
  const expectRefused = async (res: Response, message: RegExp) => {
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
  };
  /** The stream ends within PROMPTLY_MS; pokes of the write that revoked its session may come first. */
  const expectEnded = async (stream: EventReader) => {
    const deadline = Date.now() + PROMPTLY_MS;
    for (;;) {
      const next = await stream.next(Math.max(1, deadline - Date.now())).catch((err: Error) => err);
      if (next instanceof Error) {
        expect(next.message).toBe('the stream ended');
        return;
      }
      pokeVersion(next);
    }
  };
  /** The stream still pokes: it hears a write made now. */
  const expectOpen = async (stream: EventReader) => {
    const res = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: { name: `Still Open ${randomUUID().slice(0, 6)}`, phone: '6025550144' },
    });
    expect(res.status).toBe(201);
    const [row] = await t.tdb.handle.db.select().from(orgVersions).where(eq(orgVersions.org_id, t.world.org));
    const now = Number(row?.v);
    while (pokeVersion(await stream.next(PROMPTLY_MS)) < now) {
      // An earlier write's poke, still queued.
    }
  };
  /** A fresh user of the org, so ending their sessions touches no other test. */
  const newUser = async () => {
    const email = `stream.${randomUUID().slice(0, 8)}@test.local`;
    const res = await t.api.call('POST', '/api/v2/users/add', {
      token: t.tokens.admin,
      body: { name: 'Stream Tester', email, phone: '6025550177', password: PASSWORD },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: (res.body.data as { _id: string })._id, email };
  };
  const editUser = (token: string, body: Record<string, unknown>) =>
    t.api.call('POST', '/api/v2/users/edit', { token, body });

  it('refuses a session’s fourth stream and a user’s seventh with 429, leaving other users alone', async () => {
    const user = await newUser();
    const sessions = [
      await t.api.login(user.email, PASSWORD),
      await t.api.login(user.email, PASSWORD),
      await t.api.login(user.email, PASSWORD),
    ];
    const streams: EventReader[] = [];
    try {
      for (let i = 0; i < 3; i++) streams.push(await open(sessions[0] as string));
      await expectRefused(await request(sessions[0] as string), /session already has 3/);
      // Another user's streams are not counted against this one.
      streams.push(await open(t.tokens.manager));
      for (let i = 0; i < 3; i++) streams.push(await open(sessions[1] as string));
      await expectRefused(await request(sessions[2] as string), /account already has 6/);
      // A stream that closes frees its place.
      await streams.shift()?.close();
      await vi.waitFor(() => expect(hubSize()).toBe(6));
      streams.push(await open(sessions[2] as string));
    } finally {
      await closeAll(streams);
    }
  });

  it('refuses streams past the process-wide cap, for everybody', async () => {
    const small = createTestApi(
      t.tdb.handle.db,
      testConfig({ limits: { ...DEFAULT_LIMITS, streamsPerProcess: 2 } }),
    );
    const streams = [await open(t.tokens.manager, small), await open(t.tokens.rep, small)];
    try {
      await expectRefused(await request(t.tokens.admin, small), /too many live update streams/);
      await streams.pop()?.close();
      await vi.waitFor(() => expect(hubSize()).toBe(1));
      streams.push(await open(t.tokens.admin, small));
    } finally {
      await closeAll(streams);
    }
  });

  it('ends a stream as soon as its session signs out; other sessions’ streams go on', async () => {
    const user = await newUser();
    const leaving = await t.api.login(user.email, PASSWORD);
    const staying = await t.api.login(user.email, PASSWORD);
    const [ended, going] = [await open(leaving), await open(staying)];
    try {
      expect((await t.api.call('POST', '/api/v2/auth/logout', { token: leaving })).status).toBe(200);
      await expectEnded(ended);
      await expectOpen(going);
      // A signed-out session opens no new stream.
      expect((await request(leaving)).status).toBe(401);
    } finally {
      await closeAll([ended, going]);
    }
  });

  it('a password change ends the other sessions’ streams; an admin’s reset ends them all', async () => {
    const user = await newUser();
    const current = await t.api.login(user.email, PASSWORD);
    const other = await t.api.login(user.email, PASSWORD);
    const [mine, theirs] = [await open(current), await open(other)];
    try {
      const changed = await editUser(current, {
        _id: user.id,
        password: 'brand new pw 1',
        current_password: PASSWORD,
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      await expectEnded(theirs);
      await expectOpen(mine);
      const reset = await editUser(t.tokens.admin, { _id: user.id, password: 'admin reset pw' });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      await expectEnded(mine);
    } finally {
      await closeAll([mine, theirs]);
    }
  });

  it('deactivating or deleting a user ends their streams', async () => {
    for (const change of [{ active: false }, { status: false }, { deleted: true }]) {
      const user = await newUser();
      const streams = [
        await open(await t.api.login(user.email, PASSWORD)),
        await open(await t.api.login(user.email, PASSWORD)),
      ];
      const bystander = await open(t.tokens.manager);
      try {
        const res = await editUser(t.tokens.admin, { _id: user.id, ...change });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        for (const stream of streams) await expectEnded(stream);
        await expectOpen(bystander);
      } finally {
        await closeAll([...streams, bystander]);
      }
    }
  });
});
