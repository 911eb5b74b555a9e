import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import type { ErrorLogWire, EventWire, SessionWire } from '#src/domain/schemas/logging.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('app sessions, events and error logs on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);

  const eventSync = (who: UserKey, body: Record<string, unknown>) =>
    t.api.call('POST', '/api/v2/notion/event-sync', { token: t.tokens[who], body });
  const sessionsOf = (who: UserKey, rep: string) =>
    t.api.call('GET', `/api/v2/sessions/rep?rep_id=${rep}`, { token: t.tokens[who] });
  const legacySessions = (who: UserKey, rep: string) =>
    t.api.call('GET', `/api/get_rep_sessions?rep_id=${rep}`, { token: t.tokens[who] });
  const newSession = (start = '2026-11-20T16:00:00.000Z') => ({
    id: randomUUID(),
    fingerprint: 'fp-contract',
    start_time: start,
  });

  it('registers a session once; resending only moves its end time later, and only for its owner', async () => {
    const session = newSession();
    const first = await eventSync('rep', {
      fingerprints: [{ id: randomUUID(), fingerprint: 'fp-contract', creation_date: session.start_time }],
      sessions: [session],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.accepted).toMatchObject({ sessions: 1, fingerprints: 1 });
    await eventSync('rep', { sessions: [session] });
    await eventSync('rep', { sessions: [{ ...session, end_time: '2026-11-20T17:00:00.000Z' }] });
    // An older copy arriving late does not move the end back; another user cannot touch it.
    await eventSync('rep', { sessions: [{ ...session, end_time: '2026-11-20T16:30:00.000Z' }] });
    await eventSync('rep2', { sessions: [{ ...session, end_time: '2026-11-20T23:00:00.000Z' }] });
    // The device's own log stream takes the same shape.
    const logs = await t.api.call('POST', '/api/v2/sync/logs', {
      token: t.tokens.rep,
      body: { client_id: randomUUID(), sessions: [session] },
    });
    expect(logs.status).toBe(200);

    const read = await sessionsOf('rep', t.world.users.rep.id);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const found = (read.body.sessions as SessionWire[]).filter((s) => s._id === session.id);
    expect(found).toEqual([
      {
        _id: session.id,
        fingerprint: 'fp-contract',
        start_time: '2026-11-20T16:00:00.000Z',
        end_time: '2026-11-20T17:00:00.000Z',
      },
    ]);
    const rep2 = await sessionsOf('rep2', t.world.users.rep2.id);
    expect((rep2.body.sessions as SessionWire[]).some((s) => s._id === session.id)).toBe(false);
  });

  it('stores events and error logs once by id and shows the errors with the sessions', async () => {
    const session = newSession('2026-11-21T10:00:00.000Z');
    const event = {
      id: randomUUID(),
      session_id: session.id,
      type: 'knock',
      ref: randomUUID(),
      table: 'contacts',
      value: { status: 'Not Home 1' },
      timestamp: '2026-11-21T10:01:00.000Z',
    };
    const error = {
      id: randomUUID(),
      session_id: session.id,
      event: 'pin_edit',
      code: 'rejected',
      log: { m: 1 },
    };
    const body = { sessions: [session], events: [event], errors: [error] };
    expect((await eventSync('rep', body)).status).toBe(200);
    expect((await eventSync('rep', body)).status).toBe(200);
    const read = await sessionsOf('admin', t.world.users.rep.id);
    expect(read.status).toBe(200);
    const events = (read.body.events as EventWire[]).filter((e) => e._id === event.id);
    expect(events).toEqual([
      {
        _id: event.id,
        session_id: session.id,
        type: 'knock',
        table: 'contacts',
        ref: event.ref,
        value: { status: 'Not Home 1' },
        timestamp: event.timestamp,
      },
    ]);
    const errors = (read.body.errors as ErrorLogWire[]).filter((e) => e._id === error.id);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      session_id: session.id,
      event: 'pin_edit',
      code: 'rejected',
      log: { m: 1 },
    });
  });

  it('lets admins read anyone in their org, managers their teams’ reps, reps themselves only', async () => {
    const { rep, rep2 } = t.world.users;
    expect((await sessionsOf('admin', rep2.id)).status).toBe(200);
    expect((await sessionsOf('manager', rep.id)).status).toBe(200);
    const notTheirTeam = await sessionsOf('manager', rep2.id);
    expect(notTheirTeam.status).toBe(403);
    expect(notTheirTeam.body).toMatchObject({ success: false });
    expect((await sessionsOf('rep', rep.id)).status).toBe(200);
    expect((await sessionsOf('rep', rep2.id)).status).toBe(403);
    expect((await sessionsOf('guest', t.world.users.guest.id)).status).toBe(403);
    // Another org's admin finds no such user.
    const outsider = await sessionsOf('outsider', rep.id);
    expect(outsider.status).toBe(404);
    expect(outsider.body.success).toBe(false);
  });

  it('answers the legacy get_rep_sessions by id, numeric id and auth_token in the query', async () => {
    const session = newSession('2026-11-22T09:00:00.000Z');
    await eventSync('rep', { sessions: [session] });
    const byId = await legacySessions('manager', t.world.users.rep.id);
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect((byId.body.data as SessionWire[]).map((s) => s._id)).toContain(session.id);
    const [found] = await t.tdb.handle.db
      .select({ legacy_id: users.legacy_id })
      .from(users)
      .where(eq(users.id, t.world.users.rep.id));
    const byNumber = await legacySessions('admin', String(found?.legacy_id));
    expect(byNumber.status, JSON.stringify(byNumber.body)).toBe(200);
    expect((byNumber.body.data as SessionWire[]).map((s) => s._id)).toContain(session.id);
    const byQueryToken = await t.api.call(
      'GET',
      `/api/get_rep_sessions?rep_id=${t.world.users.rep.id}&auth_token=${t.tokens.rep}`,
    );
    expect(byQueryToken.status, JSON.stringify(byQueryToken.body)).toBe(200);
    expect((await legacySessions('rep2', t.world.users.rep.id)).status).toBe(403);
    expect((await legacySessions('outsider', t.world.users.rep.id)).body).toMatchObject({
      success: false,
      message: expect.stringMatching(/No user/),
    });
    const noToken = await t.api.call('GET', `/api/get_rep_sessions?rep_id=${t.world.users.rep.id}`);
    expect(noToken.status).toBe(401);
  });

  it('update_session ends the caller’s own session; another user’s or org’s is 404', async () => {
    const session = newSession(new Date(Date.now() - 60_000).toISOString());
    await eventSync('rep', { sessions: [session] });
    const before = Date.now();
    const own = await t.api.call('POST', '/api/update_session', {
      body: { _id: session.id, auth_token: t.tokens.rep },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const ended = own.body.data as SessionWire;
    expect(ended._id).toBe(session.id);
    expect(Date.parse(ended.end_time ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const byHeader = await t.api.call('POST', '/api/update_session', {
      token: t.tokens.rep,
      body: { _id: session.id },
    });
    expect(byHeader.status).toBe(200);

    for (const who of ['rep2', 'admin', 'outsider'] as const) {
      const other = await t.api.call('POST', '/api/update_session', {
        token: t.tokens[who],
        body: { _id: session.id },
      });
      expect(other.status, who).toBe(404);
      expect(other.body).toMatchObject({ success: false, message: expect.stringMatching(/no session/i) });
    }
    const unknown = await t.api.call('POST', '/api/update_session', {
      token: t.tokens.rep,
      body: { _id: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    const anonymous = await t.api.call('POST', '/api/update_session', { body: { _id: session.id } });
    expect(anonymous.status).toBe(401);
    const wrongToken = await t.api.call('POST', '/api/update_session', {
      body: { _id: session.id, auth_token: 'not-a-token' },
    });
    expect(wrongToken.status).toBe(401);
  });

  it('refuses bad input with a 400 and a message', async () => {
    const badId = await t.api.call('POST', '/api/update_session', {
      token: t.tokens.rep,
      body: { _id: 'nope' },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/_id/);
    const extra = await t.api.call('POST', '/api/update_session', {
      token: t.tokens.rep,
      body: { _id: randomUUID(), end_time: 'later' },
    });
    expect(extra.status).toBe(400);
    const badRep = await sessionsOf('admin', 'robert');
    expect(badRep.status).toBe(400);
    expect(badRep.body.message).toMatch(/rep_id/);
    const missing = await t.api.call('GET', '/api/get_rep_sessions', { token: t.tokens.admin });
    expect(missing.status).toBe(400);
    const badSync = await eventSync('rep', { sessions: [{ id: randomUUID(), start_time: 'yesterday' }] });
    expect(badSync.status).toBe(400);
    expect(badSync.body.message).toMatch(/start_time/);
    const paths = await eventSync('rep', { paths: [] });
    expect(paths.status).toBe(400);
    const brokenJson = await t.api.call('POST', '/api/update_session', {
      token: t.tokens.rep,
      raw: '{"_id": ',
    });
    expect(brokenJson.status).toBe(400);
  });
});
