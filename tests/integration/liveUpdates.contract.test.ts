/**
 * Live updates: `GET /api/v2/events/stream` pokes the devices of an org when a write there commits,
 * never another org's, and refuses a caller without a session.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { orgVersions } from '#server/db/schema.ts';
import { CHANGES_CHANNEL, liveHub } from '#server/services/liveUpdates.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type EventReader, pokeVersion, readEvents } from '../support/eventStream.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds('both'))('live update stream on %s', (kind) => {
  const t = useApiWorld(kind, ['manager', 'rep', 'superAdmin', 'outsider']);

  const open = async (key: UserKey, headers: Record<string, string> = {}): Promise<EventReader> => {
    const res = await t.api.app.request('/api/v2/events/stream', {
      headers: { authorization: `Bearer ${t.tokens[key]}`, ...headers },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return readEvents(res);
  };
  const orgVersion = async (org: number) => {
    const [row] = await t.tdb.handle.db.select().from(orgVersions).where(eq(orgVersions.org_id, org));
    return Number(row?.v ?? 0);
  };
  const addLead = async (key: UserKey, name: string) => {
    const res = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens[key],
      body: { name, phone: '6025550123' },
    });
    expect(res.status).toBe(201);
  };

  it('refuses a caller without a valid session, and an org the caller may not act in', async () => {
    expect((await t.api.call('GET', '/api/v2/events/stream')).status).toBe(401);
    expect((await t.api.call('GET', '/api/v2/events/stream', { token: 'not-a-session' })).status).toBe(401);
    const foreign = await t.api.call('GET', '/api/v2/events/stream', {
      token: t.tokens.rep,
      headers: { 'x-org-id': String(t.world.otherOrg) },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.success).toBe(false);
  });

  it('starts with the org’s current version, then pokes on another user’s write there', async () => {
    await addLead('rep', 'Before the stream');
    const stream = await open('manager');
    try {
      expect(pokeVersion(await stream.next())).toBe(await orgVersion(t.world.org));
      await addLead('rep', 'Live Poke');
      const poke = pokeVersion(await stream.next());
      expect(poke).toBe(await orgVersion(t.world.org));
    } finally {
      await stream.close();
    }
  });

  it('lets go of a stream the device closes', async () => {
    const stream = await open('manager');
    await stream.next();
    expect(liveHub(t.tdb.handle.db).size).toBe(1);
    await stream.close();
    await vi.waitFor(() => expect(liveHub(t.tdb.handle.db).size).toBe(0));
  });

  it('does not poke for a write in another org', async () => {
    const stream = await open('manager');
    try {
      const first = pokeVersion(await stream.next());
      // Far from this org's versions, so a leaked poke could not pass for this org's next one.
      await t.tdb.handle.db
        .insert(orgVersions)
        .values({ org_id: t.world.otherOrg, v: first + 1000 })
        .onConflictDoUpdate({ target: orgVersions.org_id, set: { v: first + 1000 } });
      await addLead('outsider', 'Elsewhere');
      await addLead('rep', 'Here');
      // Events arrive in commit order: had the other org's write poked, it would come first.
      expect(pokeVersion(await stream.next())).toBe(first + 1);
    } finally {
      await stream.close();
    }
  });

  it.runIf(kind === 'postgres')(
    'ends its streams when the listening connection drops; the next stream listens again',
    async () => {
      const stream = await open('manager');
      await stream.next();
      await t.tdb.handle.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query = ${`LISTEN ${CHANGES_CHANNEL}`}`,
      );
      await expect(stream.next()).rejects.toThrow('the stream ended');
      const again = await open('manager');
      try {
        const first = pokeVersion(await again.next());
        await addLead('rep', 'After the drop');
        expect(pokeVersion(await again.next())).toBe(first + 1);
      } finally {
        await again.close();
      }
    },
  );

  it('a super admin acting in another org hears that org', async () => {
    const stream = await open('superAdmin', { 'x-org-id': String(t.world.otherOrg) });
    try {
      expect(pokeVersion(await stream.next())).toBe(await orgVersion(t.world.otherOrg));
      await addLead('outsider', 'Seen by the super admin');
      expect(pokeVersion(await stream.next())).toBe(await orgVersion(t.world.otherOrg));
    } finally {
      await stream.close();
    }
  });
});
