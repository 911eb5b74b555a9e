/**
 * Who may write what: a file's bytes (its uploader or whoever may change other people's records of
 * the lead, and only once), GPS points (only to the sender's own, open paths), and users/meta
 * (the reach of users/get) — wrong roles and other orgs included, on every database kind.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pathPoints, events as storedEvents } from '#server/db/schema.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { jpegImage, pngImage } from '../support/imageFixtures.ts';
import { type MutationResults, mediaRecordSave, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PNG = pngImage();
const OTHER_PNG = pngImage({ shade: 6 });
const THUMB = jpegImage({ width: 4, height: 4, scan: 1 });
const OTHER_THUMB = jpegImage({ width: 4, height: 4, scan: 2 });

describe.each(testDatabaseKinds())('authorization on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);

  // --- files ---------------------------------------------------------------------------------

  const put = async (who: UserKey, id: string, bytes: Uint8Array<ArrayBuffer>, thumb = false) => {
    const res = await t.api.app.request(`/api/v2/media/${id}/content${thumb ? '?thumb=1' : ''}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${t.tokens[who]}`,
        'content-type': thumb ? 'image/jpeg' : 'image/png',
      },
      body: bytes,
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; message?: string } };
  };
  const bytesOf = async (who: UserKey, id: string, thumb = false) => {
    const res = await t.api.app.request(`/api/v2/media/${id}/content${thumb ? '?thumb=1' : ''}`, {
      headers: { authorization: `Bearer ${t.tokens[who]}` },
    });
    return new Uint8Array(await res.arrayBuffer());
  };
  const saveMedia = async (who: UserKey, id: string, leadId: string) => {
    const res = await pushMutations(t.api, t.tokens[who], [mediaRecordSave(id, leadId, PNG.byteLength)]);
    expect((res.body.results as MutationResults)[0]?.status, JSON.stringify(res.body)).toBe('applied');
  };
  /** rep2's file (with its thumbnail) on a team A lead: rep sees the lead, the manager leads team A. */
  const rep2File = async () => {
    const id = randomUUID();
    expect((await put('rep2', id, PNG)).status).toBe(200);
    await saveMedia('rep2', id, t.world.contacts.teamA);
    return id;
  };

  it("a rep who can merely see the lead cannot write the bytes of someone else's file", async () => {
    const id = await rep2File();
    for (const bytes of [OTHER_PNG, PNG]) {
      const res = await put('rep', id, bytes);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        message: 'Only its author, their managers and admins can change this.',
      });
    }
    expect((await put('rep', id, THUMB, true)).status).toBe(403);
    expect(await bytesOf('rep', id)).toEqual(PNG);
    expect(await bytesOf('rep', id, true)).toEqual(PNG);
  });

  it('nobody replaces an uploaded file, not even its managers or admins; its uploader may retry', async () => {
    const id = await rep2File();
    for (const who of ['manager', 'admin', 'rep2'] as const) {
      const res = await put(who, id, OTHER_PNG);
      expect(res.status, who).toBe(409);
      expect(res.body).toEqual({
        success: false,
        message:
          'This file has already been uploaded and cannot be replaced. Attach the new version as a new file.',
      });
    }
    // The same bytes from someone else are not a retry either.
    expect((await put('manager', id, PNG)).status).toBe(409);
    // The uploader's device resending after a lost answer: harmless.
    expect(await put('rep2', id, PNG)).toMatchObject({
      status: 200,
      body: { success: true, size: PNG.length },
    });
    expect(await bytesOf('admin', id)).toEqual(PNG);
  });

  it('a thumbnail is written once, by the uploader only', async () => {
    const id = await rep2File();
    const byManager = await put('manager', id, THUMB, true);
    expect(byManager.status).toBe(403);
    expect(byManager.body.message).toBe('Only the person who uploaded this file can add its thumbnail.');
    expect((await put('rep2', id, THUMB, true)).status).toBe(200);
    expect((await put('rep2', id, THUMB, true)).status).toBe(200);
    const replaced = await put('rep2', id, OTHER_THUMB, true);
    expect(replaced.status).toBe(409);
    expect(replaced.body.message).toMatch(/cannot be replaced/);
    expect(await bytesOf('rep', id, true)).toEqual(THUMB);
  });

  it('a record saved before its file: only who may change the record uploads the file', async () => {
    const id = randomUUID();
    await saveMedia('rep2', id, t.world.contacts.teamA);
    expect((await put('rep', id, PNG)).status).toBe(403);
    // A manager of the lead may change rep2's record, so may supply its file — once.
    expect((await put('manager', id, OTHER_PNG)).status).toBe(200);
    expect((await put('rep2', id, PNG)).status).toBe(409);
    expect(await bytesOf('rep2', id)).toEqual(OTHER_PNG);
  });

  it('guests and other orgs write no file bytes at all', async () => {
    const id = await rep2File();
    // A guest cannot see the lead; another org's admin cannot either.
    expect((await put('guest', id, OTHER_PNG)).status).toBe(404);
    expect((await put('outsider', id, OTHER_PNG)).status).toBe(404);
    expect((await put('outsider', id, THUMB, true)).status).toBe(404);
    // Nor may a guest store a file of its own: it could never attach it to a lead.
    const own = await put('guest', randomUUID(), PNG);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You do not have permission to change this lead.');
    expect(await bytesOf('rep2', id)).toEqual(PNG);
  });

  // --- GPS points ------------------------------------------------------------------------------

  const sendLogs = (who: UserKey, body: Record<string, unknown>) =>
    t.api.call('POST', '/api/v2/sync/logs', {
      token: t.tokens[who],
      body: { client_id: randomUUID(), ...body },
    });
  const point = (pathId: string, recordedAt: string) => ({
    id: randomUUID(),
    path_id: pathId,
    lat: 33.45,
    lng: -112.07,
    accuracy: 5,
    recorded_at: recordedAt,
  });
  const storedPoints = async (ids: string[]) =>
    (
      await t.tdb.handle.db.select({ id: pathPoints.id }).from(pathPoints).where(inArray(pathPoints.id, ids))
    ).map((p) => p.id);

  it("points never go to another user's path, of the same org or another", async () => {
    const pathId = randomUUID();
    const started = await sendLogs('rep', {
      paths: [{ id: pathId, started_at: '2026-11-20T16:00:00.000Z' }],
    });
    expect(started.status).toBe(200);
    for (const who of ['rep2', 'manager', 'admin', 'outsider'] as const) {
      const forged = point(pathId, '2026-11-20T16:10:00.000Z');
      const res = await sendLogs(who, { path_points: [forged] });
      expect(res.status, who).toBe(200);
      expect(res.body).toMatchObject({ accepted: { path_points: 0 }, rejected: { path_points: 1 } });
      expect(await storedPoints([forged.id]), who).toEqual([]);
    }
    const own = point(pathId, '2026-11-20T16:10:00.000Z');
    const res = await sendLogs('rep', { path_points: [own] });
    expect(res.body).toMatchObject({ accepted: { path_points: 1 }, rejected: { path_points: 0 } });
    expect(await storedPoints([own.id])).toEqual([own.id]);
  });

  it('points go only to open paths: not ended, or recorded by its end (one offline batch works)', async () => {
    const pathId = randomUUID();
    const during = [0, 1, 2].map((i) => point(pathId, `2026-11-20T08:0${i}:00.000Z`));
    const atEnd = point(pathId, '2026-11-20T17:00:00.000Z');
    const after = point(pathId, '2026-11-20T17:00:01.000Z');
    // A device offline all day: start, points and end in one batch.
    const day = await sendLogs('rep', {
      paths: [{ id: pathId, started_at: '2026-11-20T08:00:00.000Z', ended_at: '2026-11-20T17:00:00.000Z' }],
      path_points: [...during, atEnd, after],
    });
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({ accepted: { paths: 1, path_points: 4 }, rejected: { path_points: 1 } });
    expect(await storedPoints([...during, atEnd, after].map((p) => p.id))).toHaveLength(4);
    expect(await storedPoints([after.id])).toEqual([]);
    // Later: a point that arrives late but was recorded before the end still goes in; one after does not.
    const late = point(pathId, '2026-11-20T16:59:00.000Z');
    const tooLate = point(pathId, '2026-11-20T18:00:00.000Z');
    const res = await sendLogs('rep', { path_points: [late, tooLate] });
    expect(res.body).toMatchObject({ accepted: { path_points: 1 }, rejected: { path_points: 1 } });
    expect(await storedPoints([late.id, tooLate.id])).toEqual([late.id]);
  });

  it('a point naming no path is skipped, and the rest of the batch is stored', async () => {
    const orphan = point(randomUUID(), '2026-11-20T16:00:00.000Z');
    const pathId = randomUUID();
    const good = point(pathId, '2026-11-20T16:01:00.000Z');
    const eventId = randomUUID();
    const batch = {
      paths: [{ id: pathId, started_at: '2026-11-20T16:00:00.000Z' }],
      path_points: [orphan, good],
      events: [{ id: eventId, type: 'map_opened', timestamp: '2026-11-20T16:00:00.000Z' }],
    };
    const res = await sendLogs('rep', batch);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      accepted: { events: 1, paths: 1, path_points: 1 },
      rejected: { path_points: 1 },
    });
    expect(await storedPoints([orphan.id, good.id])).toEqual([good.id]);
    const stored = await t.tdb.handle.db.select().from(storedEvents).where(eq(storedEvents.id, eventId));
    expect(stored).toHaveLength(1);
    // Sent again (the answer was lost): the same answer, nothing doubled.
    expect((await sendLogs('rep', batch)).body).toMatchObject({ rejected: { path_points: 1 } });
    expect(await storedPoints([orphan.id, good.id])).toEqual([good.id]);
  });

  // --- users/meta --------------------------------------------------------------------------------

  const meta = async (who: UserKey, ids: string[]) => {
    const res = await t.api.call('GET', `/api/users/meta?ids=${ids.join(',')}`, { token: t.tokens[who] });
    expect(res.status).toBe(200);
    return (res.body.data as { _id: string }[]).map((u) => u._id).sort();
  };

  it('users/meta reaches as far as users/get: a guest only itself, nobody another org', async () => {
    const { admin, rep, guest, outsider } = t.world.users;
    expect(await meta('guest', [admin.id, rep.id, guest.id, outsider.id])).toEqual([guest.id]);
    expect(await meta('guest', [admin.id])).toEqual([]);
    expect(await meta('rep', [admin.id, guest.id, outsider.id])).toEqual([admin.id, guest.id].sort());
    expect(await meta('outsider', [admin.id, rep.id, outsider.id])).toEqual([outsider.id]);
  });
});
