/**
 * The device sync engine against the real server (in-process, PGlite): one test per failure of
 * shared/sync-notes.md that applies to a device.
 */
import { eq, sql } from 'drizzle-orm';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { activities, contacts, errorLogs } from '#server/db/schema.ts';
import { ApiError } from '#src/api/client.ts';
import { addLead, addMedia, editLead, pendingCount, saveProfile } from '#src/sync/commands/index.ts';
import { memoryLocks } from '#src/sync/leaderLock.ts';
import { recordError, recordEvent, startSession } from '#src/sync/logs.ts';
import { discardRejected, retryRejected } from '#src/sync/needsAttention.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { createDevice, ManualClock, settle, startDevice, until } from '../support/deviceHarness.ts';
import { jpegImage, pngImage } from '../support/imageFixtures.ts';

type Lead = Record<string, unknown> & { _id: string };

describe('sync engine against the server', () => {
  const t = useApiWorld('pglite', ['admin', 'manager', 'rep', 'rep2']);

  const device = async (
    who: 'admin' | 'manager' | 'rep' | 'rep2',
    options: Parameters<typeof createDevice>[3] = {},
  ) => {
    const d = createDevice(t.api, t.world.users[who].id, t.tokens[who], options);
    await startDevice(d);
    return d;
  };

  const serverLead = async (id: string): Promise<Lead | undefined> => {
    const res = await t.api.call('GET', `/api/v2/leads/get?ids=${id}`, { token: t.tokens.admin });
    return (res.body.data as Lead[])[0];
  };

  const activityCount = async (leadId: string, type: string) =>
    (await t.tdb.handle.db.select().from(activities).where(eq(activities.type, type))).filter((a) =>
      a.lead_refs.includes(leadId),
    ).length;

  it('first sync brings the rows the user may see', async () => {
    const d = await device('rep');
    expect(await d.db.contacts.get(t.world.contacts.repOwn)).toMatchObject({ _id: t.world.contacts.repOwn });
    expect(await d.db.contacts.get(t.world.contacts.teamB)).toBeUndefined();
    expect(await d.db.interfaces.count()).toBeGreaterThanOrEqual(0);
    expect(d.engine.getSnapshot()).toMatchObject({ state: 'idle', leader: true });
    expect(d.engine.getSnapshot().lastSyncedAt).not.toBeNull();
    await d.engine.stop();
  });

  it('offline edits show at once, survive, and reach the server exactly once when back online', async () => {
    const d = await device('rep');
    d.faults.offline = true;
    const id = await addLead(d.db, { name: 'Offline Olive', phone: '(602) 555-0142' });
    await editLead(d.db, t.world.contacts.repOwn, { deal_stage_status: 'Not Home 1' });
    expect(await d.db.contacts.get(id)).toMatchObject({
      name: 'Offline Olive',
      phone: '6025550142',
      pending: true,
    });
    expect(await d.db.contacts.get(t.world.contacts.repOwn)).toMatchObject({
      deal_stage_status: 'Not Home 1',
      deal_stage: 'Contact',
    });
    await d.engine.syncNow();
    expect(d.engine.getSnapshot().state).toBe('offline');
    expect(await pendingCount(d.db)).toBe(2);
    d.faults.offline = false;
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(0);
    expect(await serverLead(id)).toMatchObject({ name: 'Offline Olive', phone: '6025550142' });
    expect(await serverLead(t.world.contacts.repOwn)).toMatchObject({ deal_stage_status: 'Not Home 1' });
    const local = await d.db.contacts.get(id);
    expect(local?.pending).toBeUndefined();
    expect(local?.version).toBe((await serverLead(id))?.version);
    await d.engine.stop();
  });

  it('a profile saved offline shows on the user’s own row and reaches the server once online', async () => {
    const d = await device('rep2');
    d.faults.offline = true;
    await expect(saveProfile(d.db, t.world.users.rep2.id, { name: '  ' })).rejects.toThrow(/name/);
    await saveProfile(d.db, t.world.users.rep2.id, { name: 'Quinn, Quincy', phone: '(602) 555-0199' });
    expect(await d.db.users.get(t.world.users.rep2.id)).toMatchObject({
      name: 'Quincy Quinn',
      phone: '6025550199',
      pending: true,
    });
    d.faults.offline = false;
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(0);
    const validated = await t.api.call('POST', '/api/v2/auth/validate', { token: t.tokens.rep2 });
    expect(validated.body.has_config).toBe(true);
    expect((await d.db.users.get(t.world.users.rep2.id))?.pending).toBeUndefined();
    await d.engine.stop();
  });

  it('answer lost after the server committed: the retry is a duplicate, applied once', async () => {
    const d = await device('rep');
    const id = await addLead(d.db, { name: 'Lost Answer' });
    await editLead(d.db, id, { email: 'lost@example.com' });
    d.faults.loseNextPushAnswers = 1;
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(2);
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(0);
    expect(d.received.filter((r) => r.status === 'duplicate').length).toBe(2);
    expect(await activityCount(id, 'add_lead')).toBe(1);
    expect(await activityCount(id, 'updated_email')).toBe(1);
    await d.engine.stop();
  });

  it('a poison mutation is rejected and listed; the ones behind it still apply', async () => {
    const d = await device('rep');
    const good = await addLead(d.db, { name: 'Before Poison' });
    // An old app version queued a change the server can never accept.
    await d.db.transaction('rw', d.db.outbox, d.db.meta, async () => {
      const next = ((await d.db.meta.get('next_mutation_id'))?.value as number) ?? 1;
      await d.db.outbox.add({
        id: next,
        name: 'lead.teleport.v1',
        args: {},
        table: 'contacts',
        row_id: good,
        created_at: '',
      });
      await d.db.meta.put({ key: 'next_mutation_id', value: next + 1 });
    });
    const after = await addLead(d.db, { name: 'After Poison' });
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(0);
    const rejected = await d.db.rejected.toArray();
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.message).toMatch(/Update the app/);
    expect(await serverLead(after)).toMatchObject({ name: 'After Poison' });
    await discardRejected(d.db, rejected[0]?.id as number);
    expect(await d.db.rejected.count()).toBe(0);
    await d.engine.stop();
  });

  it('server down: the queue is kept and retried by the engine itself, with backoff', async () => {
    const clock = new ManualClock();
    const d = await device('rep', { clock });
    const id = await addLead(d.db, { name: 'Down Server' });
    d.faults.failNext.push({ status: 503, message: 'The server could not save your changes right now.' });
    await d.engine.syncNow();
    const status = d.engine.getSnapshot();
    expect(status.state).toBe('error');
    expect(status.retryAt).toBeGreaterThan(clock.now());
    expect(await pendingCount(d.db)).toBe(1);
    // No new write: time alone brings the retry.
    clock.advance(10_000);
    await settle();
    await d.engine.syncNow();
    expect(await serverLead(id)).toMatchObject({ name: 'Down Server' });
    await d.engine.stop();
  });

  it('429 with Retry-After: the next attempt waits as long as the server asked', async () => {
    const clock = new ManualClock();
    const d = await device('rep', { clock });
    await addLead(d.db, { name: 'Slow Down' });
    d.faults.failNext.push({ status: 429, message: 'Too many requests.', retryAfter: 7 });
    await d.engine.syncNow();
    expect(d.engine.getSnapshot().retryAt).toBe(clock.now() + 7000);
    await d.engine.stop();
  });

  it('401 mid-queue pauses with nothing lost; signing in again resumes and sends everything', async () => {
    const d = await device('rep');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await addLead(d.db, { name: `Queued ${i}` }));
    d.faults.failNext.push({ status: 401, message: 'Your session has expired.' });
    await d.engine.syncNow();
    expect(d.engine.getSnapshot().state).toBe('signed-out');
    expect(await pendingCount(d.db)).toBe(5);
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(5);
    d.setToken(await t.api.login(t.world.users.rep.email, 'correct horse 1'));
    d.engine.resume();
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(0);
    for (const id of ids) expect(await serverLead(id)).toBeDefined();
    await d.engine.stop();
  });

  it('a second user on the device has their own database; the first user’s queue is never pushed as them', async () => {
    const factory = new IDBFactory();
    const first = await device('rep', { indexedDB: factory });
    first.faults.offline = true;
    const mine = await addLead(first.db, { name: 'Rep Only' });
    await first.engine.stop();
    const second = await device('rep2', { indexedDB: factory });
    await second.engine.syncNow();
    expect(second.pushes.flatMap((p) => p.mutations)).toEqual([]);
    expect(await second.db.contacts.get(mine)).toBeUndefined();
    expect(await serverLead(mine)).toBeUndefined();
    expect(await first.db.outbox.count()).toBe(1);
    await second.engine.stop();
  });

  it('a re-pull from an older cursor (crash before the cursor was saved) is harmless', async () => {
    const d = await device('rep');
    const before = await d.db.contacts.count();
    await d.db.meta.put({ key: 'cursor', value: 0 });
    await d.engine.syncNow();
    expect(await d.db.contacts.count()).toBe(before);
    await d.engine.stop();
  });

  it('a device behind the tombstone horizon re-syncs in full once, over many pages, and drops what was pruned', async () => {
    const { db } = t.tdb.handle;
    const rep = await device('rep', { pullLimit: 1 });
    const doomed = await addLead(rep.db, { name: 'Pruned Away' });
    await rep.engine.syncNow();
    rep.faults.offline = true;
    await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.admin,
      body: { _id: doomed, deleted: true },
    });
    for (const name of ['Beyond One', 'Beyond Two', 'Beyond Three'])
      await t.api.call('POST', '/api/v2/leads/add', {
        token: t.tokens.admin,
        body: { name, owner_id: t.world.users.rep.id, energy_consultants: [t.world.users.rep.id] },
      });
    // Tombstones up to the org's version are pruned, as a pruning job would.
    await db.execute(sql`UPDATE org_versions SET horizon = v WHERE org_id = ${t.world.org}`);
    await db.delete(contacts).where(eq(contacts.id, doomed));
    try {
      rep.faults.offline = false;
      rep.pulls.length = 0;
      await rep.engine.syncNow();
      expect(rep.pulls.filter((p) => p.reset)).toHaveLength(1);
      expect(rep.pulls.length).toBeLessThan(100);
      expect(await rep.db.contacts.get(doomed)).toBeUndefined();
      expect(await rep.db.contacts.get(t.world.contacts.repOwn)).toBeDefined();
      expect(
        (await rep.db.contacts.toArray()).filter((c) => String(c.name).startsWith('Beyond ')),
      ).toHaveLength(3);
      // A new device's first sync under that horizon is not reset either.
      const fresh = await device('rep', { pullLimit: 1 });
      expect(fresh.pulls.some((p) => p.reset)).toBe(false);
      expect(await fresh.db.contacts.count()).toBe(await rep.db.contacts.count());
      await fresh.engine.stop();
    } finally {
      await db.execute(sql`UPDATE org_versions SET horizon = 0 WHERE org_id = ${t.world.org}`);
      await rep.engine.stop();
    }
  });

  it('a write made while a push is in flight is not marked synced', async () => {
    const d = await device('rep');
    await addLead(d.db, { name: 'In Flight A' });
    const transport = (d.engine as unknown as { transport: { push: (r: unknown) => Promise<unknown> } })
      .transport;
    const realPush = transport.push.bind(transport);
    let lateId = '';
    // The device is offline again right after this push: the late write must stay queued.
    transport.push = async (request) => {
      transport.push = async () => {
        throw ApiError.unreachable();
      };
      lateId = await addLead(d.db, { name: 'Written During Push' });
      return realPush(request);
    };
    await d.engine.syncNow();
    // The first lead was acknowledged (it leaves the queue with the next pull); the late one was not sent.
    const queue = await d.db.outbox.toArray();
    expect(queue.filter((e) => !e.acked).map((e) => e.row_id)).toEqual([lateId]);
    expect(queue.filter((e) => e.acked).length).toBe(1);
    transport.push = realPush;
    await d.engine.syncNow();
    expect(await serverLead(lateId)).toMatchObject({ name: 'Written During Push' });
    await d.engine.stop();
  });

  it('edits of different fields on two devices both survive; the same field goes by server order', async () => {
    const rep = await device('rep');
    const manager = await device('manager');
    const id = await addLead(rep.db, { name: 'Two Devices' });
    await rep.engine.syncNow();
    await manager.engine.syncNow();
    rep.faults.offline = true;
    manager.faults.offline = true;
    await editLead(rep.db, id, { email: 'rep@example.com', design_notes: 'rep first' });
    await editLead(manager.db, id, { phone: '4805550100', design_notes: 'manager second' });
    rep.faults.offline = false;
    manager.faults.offline = false;
    await rep.engine.syncNow();
    await manager.engine.syncNow();
    await rep.engine.syncNow();
    const server = await serverLead(id);
    expect(server).toMatchObject({
      email: 'rep@example.com',
      phone: '4805550100',
      design_notes: 'manager second',
    });
    for (const d of [rep, manager]) {
      expect(await d.db.contacts.get(id)).toMatchObject({
        email: 'rep@example.com',
        phone: '4805550100',
        design_notes: 'manager second',
      });
    }
    await rep.engine.stop();
    await manager.engine.stop();
  });

  it('a stale status change is rejected and shown; retrying after review applies it', async () => {
    const rep = await device('rep');
    const id = await addLead(rep.db, { name: 'Status Race' });
    await rep.engine.syncNow();
    await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.manager,
      body: { _id: id, deal_stage_status: 'Come Back' },
    });
    await editLead(rep.db, id, { deal_stage_status: 'Not Interested' });
    await rep.engine.syncNow();
    const [rejected] = await rep.db.rejected.toArray();
    expect(rejected?.message).toMatch(/Someone else changed deal stage status/);
    expect(await rep.db.contacts.get(id)).toMatchObject({ deal_stage_status: 'Come Back' });
    await retryRejected(rep.db, rejected?.id as number);
    await rep.engine.syncNow();
    expect(await serverLead(id)).toMatchObject({ deal_stage_status: 'Not Interested' });
    expect(await rep.db.rejected.count()).toBe(0);
    await rep.engine.stop();
  });

  it('a refusal whose answer was lost is still listed as needing attention, never taken as applied', async () => {
    const rep = await device('rep');
    const id = await addLead(rep.db, { name: 'Lost Refusal' });
    await rep.engine.syncNow();
    await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.manager,
      body: { _id: id, deal_stage_status: 'Come Back' },
    });
    await editLead(rep.db, id, { deal_stage_status: 'Not Interested' });
    rep.faults.loseNextPushAnswers = 1;
    await rep.engine.syncNow();
    await rep.engine.syncNow();
    expect(await pendingCount(rep.db)).toBe(0);
    const [rejected] = await rep.db.rejected.toArray();
    expect(rejected?.message).toMatch(/Someone else changed deal stage status/);
    expect(rejected?.mutation.args).toMatchObject({ deal_stage_status: 'Not Interested' });
    expect(await rep.db.contacts.get(id)).toMatchObject({ deal_stage_status: 'Come Back' });
    await rep.engine.stop();
  });

  it('a manager deletes a lead a rep is editing offline: the edit is rejected and listed, nothing resurrects', async () => {
    const rep = await device('rep');
    const id = await addLead(rep.db, { name: 'Doomed Lead' });
    await rep.engine.syncNow();
    rep.faults.offline = true;
    await editLead(rep.db, id, { email: 'doomed@example.com' });
    await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.manager,
      body: { _id: id, deleted: true },
    });
    rep.faults.offline = false;
    await rep.engine.syncNow();
    expect(await rep.db.contacts.get(id)).toBeUndefined();
    const [rejected] = await rep.db.rejected.toArray();
    expect(rejected?.message).toMatch(/deleted/);
    expect(await serverLead(id)).toBeUndefined();
    await rep.engine.stop();
  });

  it('two tabs: one pushes; when it closes the other takes over, with unique mutation ids', async () => {
    const lock = memoryLocks();
    const factory = new IDBFactory();
    const dbName = `hs-${t.world.users.rep.id}-tabs`;
    const tabA = createDevice(t.api, t.world.users.rep.id, t.tokens.rep, {
      lock,
      indexedDB: factory,
      dbName,
    });
    const tabB = createDevice(t.api, t.world.users.rep.id, t.tokens.rep, {
      lock,
      indexedDB: factory,
      dbName,
    });
    const shared = tabB.db;
    tabA.engine.start();
    tabB.engine.start();
    await until(() => tabA.engine.getSnapshot().leader);
    expect(tabA.engine.getSnapshot().leader).toBe(true);
    expect(tabB.engine.getSnapshot().leader).toBe(false);
    await Promise.all([addLead(tabA.db, { name: 'Tab A' }), addLead(shared, { name: 'Tab B' })]);
    const ids = (await tabA.db.outbox.toArray()).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    await tabB.engine.syncNow();
    expect(tabB.pushes).toEqual([]);
    await tabA.engine.stop();
    await until(() => tabB.engine.getSnapshot().leader);
    await tabB.engine.syncNow();
    expect(tabB.pushes.length).toBeGreaterThan(0);
    await tabB.engine.stop();
  });

  it('quota exceeded during a pull: the user is told, synced logs are pruned, sync recovers', async () => {
    const d = await device('rep');
    await d.db.events.add({
      id: '01890a5d-ac96-774b-bcce-b30209900001',
      synced: 1,
      type: 'old',
      timestamp: '2026-11-01T00:00:00Z',
    });
    await recordEvent(d.db, { type: 'still-to-send' });
    const transport = (d.engine as unknown as { transport: { pull: (r: unknown) => Promise<unknown> } })
      .transport;
    const realPull = transport.pull.bind(transport);
    transport.pull = async () => {
      transport.pull = realPull;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    await d.engine.syncNow();
    expect(d.engine.getSnapshot().state).toBe('storage-full');
    expect((await d.db.events.toArray()).map((e) => e.type)).toEqual(['still-to-send']);
    await d.engine.syncNow();
    expect(d.engine.getSnapshot().state).toBe('idle');
    await d.engine.stop();
  });

  it('entries queued by an older app version (no acked flag, no base versions) are still sent', async () => {
    const d = await device('rep');
    await d.db.transaction('rw', d.db.outbox, d.db.meta, async () => {
      const next = ((await d.db.meta.get('next_mutation_id'))?.value as number) ?? 1;
      await d.db.outbox.add({
        id: next,
        name: 'lead.edit.v1',
        args: { _id: t.world.contacts.repOwn, design_notes: 'from an old version' },
        table: 'contacts',
        row_id: t.world.contacts.repOwn,
        created_at: '2026-01-01T00:00:00Z',
      });
      await d.db.meta.put({ key: 'next_mutation_id', value: next + 1 });
    });
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(0);
    expect(await serverLead(t.world.contacts.repOwn)).toMatchObject({ design_notes: 'from an old version' });
    await d.engine.stop();
  });

  it('sends sessions, events, error logs and fingerprints once, and marks them synced', async () => {
    const d = await device('rep');
    const session = await startSession(d.db, 'fp-device-1', 'Pixel 8', 'Chrome');
    await recordEvent(d.db, {
      session_id: session,
      type: 'pin_drop',
      ref: t.world.contacts.repOwn,
      table: 'contacts',
      value: { zoom: 16 },
    });
    await recordError(d.db, 'pin_edit_failed', Object.assign(new Error('boom'), { code: 'E7' }), session);
    await d.engine.syncNow();
    for (const table of ['app_sessions', 'events', 'error_logs', 'fingerprints'] as const) {
      expect(await d.db.table(table).where('synced').equals(0).count(), table).toBe(0);
    }
    const stored = await t.tdb.handle.db
      .select()
      .from(errorLogs)
      .where(eq(errorLogs.event, 'pin_edit_failed'));
    expect(stored.map((e) => e.code)).toEqual(['E7']);
    // A batch sent again (answer lost) is not stored twice.
    await d.db.error_logs.toCollection().modify({ synced: 0 });
    await d.engine.syncNow();
    expect(
      await t.tdb.handle.db.select().from(errorLogs).where(eq(errorLogs.event, 'pin_edit_failed')),
    ).toHaveLength(1);
    const bad = await t.api.call('POST', '/api/v2/sync/logs', {
      token: t.tokens.rep,
      body: { client_id: session, events: [{ id: 'x', type: 't' }] },
    });
    expect(bad.status).toBe(400);
    await d.engine.stop();
  });
});

describe('files taken offline', () => {
  const t = useApiWorld('pglite', ['rep', 'admin']);
  const PNG = pngImage({ shade: 7 });

  const read = async (token: string, path: string) => {
    const res = await t.api.app.request(path, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('uploads the file before the record that names it, retries offline, and uploads once', async () => {
    const d = createDevice(t.api, t.world.users.rep.id, t.tokens.rep);
    await startDevice(d);
    d.faults.offline = true;
    const id = await addMedia(
      d.db,
      {
        lead_id: t.world.contacts.repOwn,
        file: new Blob([PNG], { type: 'image/png' }),
        name: 'roof.png',
        thumb: new Blob([jpegImage({ width: 4, height: 4 })], { type: 'image/jpeg' }),
      },
      t.world.users.rep.id,
    );
    expect(await d.db.media.get(id)).toMatchObject({ name: 'roof.png', pending: true });
    expect((await d.db.media_blobs.get(id))?.uploaded).toBeUndefined();
    await d.engine.syncNow();
    expect(d.engine.getSnapshot().state).toBe('offline');
    expect(d.pushes).toHaveLength(0);

    d.faults.offline = false;
    const pushesBefore = d.pushes.length;
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(0);
    // The file and its thumbnail went up before the push that created the record.
    expect(d.uploads.map((u) => [u.thumb, u.afterPushes])).toEqual([
      [false, pushesBefore],
      [true, pushesBefore],
    ]);
    expect((await d.db.media_blobs.get(id))?.uploaded).toBe(1);
    expect(await d.db.media.get(id)).toMatchObject({ url: `/api/v2/media/${id}/content` });
    const served = await read(t.tokens.admin, `/api/v2/media/${id}/content`);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(PNG);
    // Later cycles do not upload again.
    await d.engine.syncNow();
    expect(d.uploads).toHaveLength(2);
    await d.engine.stop();
  });

  it('an upload lost after the server stored it is repeated harmlessly', async () => {
    const d = createDevice(t.api, t.world.users.rep.id, t.tokens.rep);
    await startDevice(d);
    const id = await addMedia(d.db, {
      lead_id: t.world.contacts.repOwn,
      file: new Blob([PNG], { type: 'image/png' }),
      name: 'meter.png',
    });
    // The server answers a transient failure after the first attempt: the batch waits.
    d.faults.failNext.push({ status: 503, message: 'Busy' });
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(1);
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(0);
    expect((await read(t.tokens.rep, `/api/v2/media/${id}/content`)).bytes).toEqual(PNG);
    await d.engine.stop();
  });

  it('a file the server refuses for good does not hold up later changes', async () => {
    const d = createDevice(t.api, t.world.users.rep.id, t.tokens.rep);
    await startDevice(d);
    // A type the device check lets through cannot be built here, so the row is stored directly.
    const id = await addMedia(d.db, {
      lead_id: t.world.contacts.repOwn,
      file: new Blob([PNG], { type: 'image/png' }),
      name: 'x.png',
    });
    await d.db.media_blobs.update(id, { blob: new Blob([], { type: 'image/png' }) });
    await editLead(d.db, t.world.contacts.repOwn, { email: 'after.refusal@example.com' });
    await d.engine.syncNow();
    expect(await pendingCount(d.db)).toBe(0);
    expect((await d.db.media_blobs.get(id))?.failed).toBe('The file is empty.');
    expect(await serverLeadEmail(t, t.world.contacts.repOwn)).toBe('after.refusal@example.com');
    await d.engine.stop();
  });

  it('refuses files of the wrong type or too large on the device, saving nothing', async () => {
    const d = createDevice(t.api, t.world.users.rep.id, t.tokens.rep);
    await expect(
      addMedia(d.db, { lead_id: null, file: new Blob(['<b>'], { type: 'text/html' }), name: 'a.html' }),
    ).rejects.toThrow('Only photos and PDF documents can be attached.');
    await expect(
      addMedia(d.db, {
        lead_id: null,
        file: new Blob([new Uint8Array(15 * 1024 * 1024 + 1)], { type: 'image/png' }),
        name: 'big.png',
      }),
    ).rejects.toThrow(/larger than 15 MB/);
    expect(await d.db.media_blobs.count()).toBe(0);
    expect(await pendingCount(d.db)).toBe(0);
  });
});

async function serverLeadEmail(t: ReturnType<typeof useApiWorld>, id: string) {
  const res = await t.api.call('GET', `/api/v2/leads/get?ids=${id}`, { token: t.tokens.admin });
  return (res.body.data as { email?: string }[])[0]?.email;
}
