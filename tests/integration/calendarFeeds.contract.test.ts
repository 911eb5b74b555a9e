import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Results = { id: number; status: string; message?: string }[];

const inDays = (days: number, hour = 15) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

describe.each(testDatabaseKinds())('calendar feeds on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep', 'rep2', 'guest', 'outsider']);

  const pushAs = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens[who],
      body: {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as Results;
  };

  const appointment = async (
    who: UserKey,
    leadId: string,
    fields: Record<string, unknown>,
    id = randomUUID(),
  ): Promise<string> => {
    const results = await pushAs(who, [
      {
        name: 'record.save.v1',
        args: {
          table: 'appointments',
          id,
          create: true,
          fields: { lead_id: leadId, appointment_type: 'In-person', status: 'Scheduled', ...fields },
        },
      },
    ]);
    expect(results[0], JSON.stringify(results)).toMatchObject({ status: 'applied' });
    return id;
  };

  /** The public feed, read as a calendar app would: no session. */
  const fetchFeed = async (path: string) => {
    const res = await t.api.app.request(path);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  };

  const feedPath = (url: unknown) => new URL(String(url)).pathname;

  it("creates a secret address that answers the user's own appointments as ICS", async () => {
    const mine = await appointment('rep', t.world.contacts.repOwn, {
      user_id: t.world.users.rep.id,
      start_time: inDays(2),
      end_time: inDays(2, 16),
      notes: 'Bring the roof samples',
    });
    const cancelled = await appointment('rep', t.world.contacts.repOwn, {
      user_id: t.world.users.rep.id,
      start_time: inDays(3),
      status: 'Cancelled',
    });
    const old = await appointment('rep', t.world.contacts.repOwn, {
      user_id: t.world.users.rep.id,
      start_time: inDays(-60),
    });
    // On the rep's lead, but someone else goes: never in the rep's feed.
    const theirs = await appointment('rep', t.world.contacts.repOwn, {
      user_id: t.world.users.rep2.id,
      start_time: inDays(4),
    });

    const created = await t.api.call('POST', '/api/v2/calendar/feed', { token: t.tokens.rep });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ success: true, active: true });
    expect(String(created.body.url)).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await fetchFeed(feedPath(created.body.url));
    expect(feed.status).toBe(200);
    expect(feed.type).toContain('text/calendar');
    expect(feed.text).toContain('BEGIN:VCALENDAR');
    expect(feed.text).toContain(`UID:${mine}@home-service-crm`);
    expect(feed.text).toMatch(/SUMMARY:In-person: Rita Own/);
    expect(feed.text).toContain('LOCATION:1 Main St\\, Phoenix\\, AZ 85004');
    expect(feed.text).toContain(`UID:${cancelled}@home-service-crm`);
    expect(feed.text).toContain('STATUS:CANCELLED');
    expect(feed.text).not.toContain(old);
    expect(feed.text).not.toContain(theirs);

    // The address is never answered again; only that a feed is on.
    const state = await t.api.call('GET', '/api/v2/calendar/feed', { token: t.tokens.rep });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ active: true });
    expect(typeof state.body.created_at).toBe('string');
    expect(JSON.stringify(state.body)).not.toContain('.ics');
  });

  it('keeps line breaks and control characters in appointment and lead text inside their property', async () => {
    const hostile = (label: string) =>
      `${label}\rBEGIN:VEVENT\r\nUID:forged\nATTENDEE:mailto:x@example.com\u2028DTSTART:20300101T000000Z\u0085END:VEVENT\u2029ORGANIZER:x\b\f\u001b\u007f`;
    const lead = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.outsider,
      body: {
        name: hostile('Name'),
        phone: '6025550123',
        address: hostile('1 Main St'),
        coordinates: [-112.07, 33.45],
      },
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(201);
    const leadId = String((lead.body.data as { _id: string })._id);
    const ids = [
      await appointment('outsider', leadId, {
        user_id: t.world.users.outsider.id,
        start_time: inDays(6),
        appointment_type: 'Visit\rSTATUS:CANCELLED',
        notes: hostile('Notes'),
      }),
      await appointment('outsider', leadId, { user_id: t.world.users.outsider.id, start_time: inDays(7) }),
    ];
    const created = await t.api.call('POST', '/api/v2/calendar/feed', { token: t.tokens.outsider });
    const feed = await fetchFeed(feedPath(created.body.url));
    expect(feed.status).toBe(200);
    // Only CRLF ends a line; folded continuations start with a space or tab.
    const lines = feed.text.split('\r\n');
    const control = (code: number) =>
      (code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    expect(lines.filter((line) => [...line].some((c) => control(c.charCodeAt(0))))).toEqual([]);
    const unfolded = feed.text.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(unfolded.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(ids.length);
    expect(unfolded.filter((line) => line === 'END:VEVENT')).toHaveLength(ids.length);
    expect(unfolded.filter((line) => line.startsWith('UID:'))).toEqual(
      ids.map((id) => `UID:${id}@home-service-crm`),
    );
    expect(unfolded.filter((line) => line.startsWith('STATUS:'))).toEqual([
      'STATUS:CONFIRMED',
      'STATUS:CONFIRMED',
    ]);
    for (const forged of ['ATTENDEE', 'ORGANIZER', 'DTSTART:2030'])
      expect(
        unfolded.some((line) => line.startsWith(forged)),
        forged,
      ).toBe(false);
    // The text is still there, its line breaks escaped inside the value.
    expect(unfolded.find((line) => line.startsWith('SUMMARY:'))).toContain('Visit\\nSTATUS:CANCELLED: Name');
    expect(unfolded.find((line) => line.startsWith('LOCATION:'))).toContain('1 Main St\\nBEGIN:VEVENT');
    expect(unfolded.find((line) => line.startsWith('DESCRIPTION:'))).toContain('Notes\\nBEGIN:VEVENT');
  });

  it('a new address turns the old one off; revoking turns the feed off', async () => {
    const first = await t.api.call('POST', '/api/v2/calendar/feed', { token: t.tokens.rep2 });
    const second = await t.api.call('POST', '/api/v2/calendar/feed', { token: t.tokens.rep2 });
    expect(second.status).toBe(201);
    expect(second.body.url).not.toBe(first.body.url);
    const old = await fetchFeed(feedPath(first.body.url));
    expect(old.status).toBe(404);
    expect(old.text).toContain('does not exist or was turned off');
    expect((await fetchFeed(feedPath(second.body.url))).status).toBe(200);

    const revoked = await t.api.call('DELETE', '/api/v2/calendar/feed', { token: t.tokens.rep2 });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ active: false });
    expect((await fetchFeed(feedPath(second.body.url))).status).toBe(404);
    const state = await t.api.call('GET', '/api/v2/calendar/feed', { token: t.tokens.rep2 });
    expect(state.body).toMatchObject({ active: false, created_at: null });
  });

  it("another org's feed holds only that org's user's appointments; each user's feed is their own", async () => {
    const mine = await appointment('rep', t.world.contacts.repOwn, {
      user_id: t.world.users.rep.id,
      start_time: inDays(5),
    });
    const outsider = await t.api.call('POST', '/api/v2/calendar/feed', { token: t.tokens.outsider });
    expect(outsider.status).toBe(201);
    const theirs = await fetchFeed(feedPath(outsider.body.url));
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain(mine);
    const admin = await t.api.call('POST', '/api/v2/calendar/feed', { token: t.tokens.admin });
    expect((await fetchFeed(feedPath(admin.body.url))).text).not.toContain(mine);
  });

  it('a Guest, who cannot see appointments, cannot have a feed', async () => {
    const res = await t.api.call('POST', '/api/v2/calendar/feed', { token: t.tokens.guest });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/cannot have a calendar feed/);
    const state = await t.api.call('GET', '/api/v2/calendar/feed', { token: t.tokens.guest });
    expect(state.body).toMatchObject({ active: false });
  });

  it('needs a session to make, check or revoke a feed', async () => {
    for (const method of ['GET', 'POST', 'DELETE'])
      expect((await t.api.call(method, '/api/v2/calendar/feed')).status).toBe(401);
  });

  it('answers unknown or malformed addresses with a clear 404, never a 500', async () => {
    for (const path of [
      `/api/calendar/${'A'.repeat(43)}.ics`,
      '/api/calendar/short.ics',
      `/api/calendar/${'A'.repeat(43)}`,
      `/api/calendar/${'A'.repeat(43)}.ics.ics`,
      `/api/calendar/${'%00'.repeat(20)}.ics`,
      `/api/calendar/${'A'.repeat(5000)}.ics`,
      '/api/calendar/..%2F..%2Fetc%2Fpasswd.ics',
      '/api/calendar/',
      '/api/calendar/a/b.ics',
    ]) {
      const res = await fetchFeed(path);
      expect([400, 404], `${path} → ${res.status}`).toContain(res.status);
    }
    const res = await fetchFeed(`/api/calendar/${'B'.repeat(43)}.ics`);
    expect(res.status).toBe(404);
    expect(res.text).toContain('does not exist or was turned off');
  });
});

describe('a calendar feed’s address on a server with PUBLIC_URL', () => {
  const t = useApiWorld('pglite', ['rep'], { publicUrl: 'https://crm.example.com' });

  it('starts with the public address, whatever Host the request came with', async () => {
    const created = await t.api.call('POST', '/api/v2/calendar/feed', {
      token: t.tokens.rep,
      headers: { host: 'phish.example.net' },
    });
    expect(created.status).toBe(201);
    expect(String(created.body.url)).toMatch(
      /^https:\/\/crm\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
    );
  });
});
