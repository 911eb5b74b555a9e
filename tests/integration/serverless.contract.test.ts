/**
 * The spec's serverless functions as v2 calls: activity by ref_id, add activity, the consolidated
 * feed (teams, a region or a lead), image upload ({image, name} → {fileUrl}) over the media service
 * and the leads data logger over the events stream. Each within the caller's org and reach.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '#server/db/schema.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Activity = Record<string, unknown> & { _id: string };
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe.each(testDatabaseKinds())('serverless functions on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);
  const call = (who: UserKey | undefined, method: string, path: string, body?: unknown) =>
    t.api.call(method, path, { ...(who ? { token: t.tokens[who] } : {}), ...(body ? { body } : {}) });
  const ids = (res: { body: Record<string, unknown> }) => (res.body.data as Activity[]).map((a) => a._id);

  let called: string;

  it('a rep records an activity on a lead they work; it is found by the lead and by the rep', async () => {
    const res = await call('rep', 'POST', '/api/v2/activity/add', {
      type: 'call_made',
      message: 'Called about the roof',
      lead_refs: [t.world.contacts.repOwn],
      links: ['https://example.com/recording'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const activity = res.body.data as Activity;
    called = activity._id;
    expect(activity).toMatchObject({
      type: 'call_made',
      category: 'lead',
      actor_id: t.world.users.rep.id,
      lead_refs: [t.world.contacts.repOwn],
    });
    const byLead = await call('rep', 'GET', `/api/v2/activity/get?ref_id=${t.world.contacts.repOwn}`);
    expect(byLead.status).toBe(200);
    expect(ids(byLead)).toContain(called);
    const byUser = await call('admin', 'GET', `/api/v2/activity/get?ref_id=${t.world.users.rep.id}&limit=10`);
    expect(ids(byUser)).toContain(called);
  });

  it('activity get and add stay within the caller’s reach and org', async () => {
    const { contacts } = t.world;
    expect((await call('rep2', 'GET', `/api/v2/activity/get?ref_id=${contacts.repOwn}`)).status).toBe(404);
    expect((await call('outsider', 'GET', `/api/v2/activity/get?ref_id=${contacts.repOwn}`)).status).toBe(
      404,
    );
    expect((await call('rep', 'GET', `/api/v2/activity/get?ref_id=${randomUUID()}`)).status).toBe(404);
    expect((await call(undefined, 'GET', `/api/v2/activity/get?ref_id=${contacts.repOwn}`)).status).toBe(401);
    expect((await call('rep', 'GET', '/api/v2/activity/get?ref_id=nope')).status).toBe(400);
    // A rep does not see what another rep did on a lead out of their reach.
    const rep2 = await call('rep2', 'POST', '/api/v2/activity/add', {
      type: 'visit',
      message: 'Knocked',
      lead_refs: [contacts.teamB],
    });
    expect(rep2.status, JSON.stringify(rep2.body)).toBe(201);
    const repView = await call('rep', 'GET', `/api/v2/activity/get?ref_id=${t.world.users.rep2.id}`);
    expect(ids(repView)).not.toContain((rep2.body.data as Activity)._id);

    const add = (who: UserKey, body: Record<string, unknown>) =>
      call(who, 'POST', '/api/v2/activity/add', body);
    expect((await add('rep', { type: 'visit', message: 'X', lead_refs: [contacts.teamB] })).status).toBe(404);
    expect(
      (await add('outsider', { type: 'visit', message: 'X', lead_refs: [contacts.repOwn] })).status,
    ).toBe(404);
    expect(
      (await add('rep', { type: 'visit', message: 'X', user_refs: [t.world.users.outsider.id] })).status,
    ).toBe(404);
    expect((await add('guest', { type: 'visit', message: 'X' })).status).toBe(403);
    const forged = await add('rep', {
      type: 'lead_status_change',
      message: 'X',
      lead_refs: [contacts.repOwn],
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/recorded by the app itself/);
    for (const body of [
      { type: 'Visit!', message: 'X' },
      { type: 'visit', message: '' },
      { type: 'visit', message: 'X', links: ['javascript:alert(1)'] },
      { type: 'visit', message: 'X', extra: 1 },
    ])
      expect((await add('rep', body)).status, JSON.stringify(body)).toBe(400);
    const dup = await add('rep', { id: called, type: 'visit', message: 'Again' });
    expect(dup.status).toBe(409);
  });

  it('the consolidated feed of teams, a region or a lead', async () => {
    const { teams, regions, contacts } = t.world;
    const teamA = await call('manager', 'GET', `/api/v2/activity/consolidated?team_ids=${teams.a}`);
    expect(teamA.status, JSON.stringify(teamA.body)).toBe(200);
    expect(ids(teamA)).toContain(called);
    const region = await call(
      'admin',
      'GET',
      `/api/v2/activity/consolidated?region_id=${regions.a}&limit=20`,
    );
    expect(ids(region)).toContain(called);
    const lead = await call('rep', 'GET', `/api/v2/activity/consolidated?lead_id=${contacts.repOwn}`);
    expect(ids(lead)).toContain(called);
    const teamB = await call('admin', 'GET', `/api/v2/activity/consolidated?team_ids=${teams.b}`);
    expect(ids(teamB)).not.toContain(called);
    const regionB = await call('admin', 'GET', `/api/v2/activity/consolidated?region_id=${regions.b}`);
    expect(ids(regionB)).not.toContain(called);

    const status = async (who: UserKey | undefined, query: string) =>
      (await call(who, 'GET', `/api/v2/activity/consolidated?${query}`)).status;
    expect(await status('admin', `team_ids=${teams.a}&lead_id=${contacts.repOwn}`)).toBe(400);
    expect(await status('admin', '')).toBe(400);
    expect(await status('admin', `team_ids=${randomUUID()}`)).toBe(404);
    expect(await status('outsider', `team_ids=${teams.a}`)).toBe(404);
    expect(await status('outsider', `region_id=${regions.a}`)).toBe(404);
    expect(await status('rep2', `lead_id=${contacts.repOwn}`)).toBe(404);
    expect(await status('guest', `team_ids=${teams.a}`)).toBe(403);
    expect(await status(undefined, `team_ids=${teams.a}`)).toBe(401);
  });

  it('upload image keeps the picture with its lead and answers where it is served', async () => {
    const res = await call('rep', 'POST', '/api/v2/images/upload', {
      image: `data:image/png;base64,${TINY_PNG}`,
      name: 'roof.png',
      lead_id: t.world.contacts.repOwn,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const fileUrl = String(res.body.fileUrl);
    expect(fileUrl).toMatch(new RegExp(`/api/v2/media/${res.body._id}/content$`));
    const path = new URL(fileUrl).pathname;
    const served = await t.api.app.request(path, {
      headers: { authorization: `Bearer ${t.tokens.manager}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(TINY_PNG, 'base64'))).toBe(true);
    const hidden = await t.api.app.request(path, { headers: { authorization: `Bearer ${t.tokens.rep2}` } });
    expect(hidden.status).toBe(404);

    const upload = (who: UserKey, body: Record<string, unknown>) =>
      call(who, 'POST', '/api/v2/images/upload', body);
    const mine = await upload('rep2', { image: TINY_PNG, name: 'mine.png' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(
      (await upload('rep', { image: Buffer.from('hello there').toString('base64'), name: 'a.png' })).status,
    ).toBe(415);
    expect((await upload('rep', { image: 'not base64!', name: 'a.png' })).status).toBe(400);
    expect((await upload('rep', { image: TINY_PNG, name: '' })).status).toBe(400);
    expect(
      (await upload('rep', { image: TINY_PNG, name: 'a.png', lead_id: t.world.contacts.otherOrg })).status,
    ).toBe(404);
    expect((await upload('guest', { image: TINY_PNG, name: 'a.png' })).status).toBe(403);
    expect(
      (await call(undefined, 'POST', '/api/v2/images/upload', { image: TINY_PNG, name: 'a.png' })).status,
    ).toBe(401);
  });

  it('the leads data logger keeps an event of a lead the caller sees, once per id', async () => {
    const id = randomUUID();
    const body = {
      id,
      lead_id: t.world.contacts.repOwn,
      type: 'lead_data.viewed',
      value: { field: 'phone' },
    };
    const res = await call('rep', 'POST', '/api/v2/leads-data/log', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({ id, lead_id: t.world.contacts.repOwn, type: 'lead_data.viewed' });
    expect((await call('rep', 'POST', '/api/v2/leads-data/log', body)).status).toBe(201);
    const stored = await t.tdb.handle.db.select().from(events).where(eq(events.id, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      user_id: t.world.users.rep.id,
      org_id: t.world.org,
      ref: t.world.contacts.repOwn,
      table_name: 'contacts',
      type: 'lead_data.viewed',
      value: { field: 'phone' },
    });
    expect((await call('admin', 'POST', '/api/v2/leads-data/log', body)).status).toBe(409);
    expect(
      (await call('rep2', 'POST', '/api/v2/leads-data/log', { lead_id: t.world.contacts.repOwn })).status,
    ).toBe(404);
    expect(
      (await call('outsider', 'POST', '/api/v2/leads-data/log', { lead_id: t.world.contacts.repOwn })).status,
    ).toBe(404);
    expect(
      (await call('guest', 'POST', '/api/v2/leads-data/log', { lead_id: t.world.contacts.repOwn })).status,
    ).toBe(404);
    expect((await call('rep', 'POST', '/api/v2/leads-data/log', { lead_id: 'x' })).status).toBe(400);
    expect(
      (
        await call('rep', 'POST', '/api/v2/leads-data/log', {
          lead_id: t.world.contacts.repOwn,
          type: 'Bad Type',
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(undefined, 'POST', '/api/v2/leads-data/log', { lead_id: t.world.contacts.repOwn })).status,
    ).toBe(401);
  });
});
