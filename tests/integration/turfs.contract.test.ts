/**
 * Turfs (`POST /api/v2/turfs/cut|edit|delete`, server/services/turfs.ts): who may cut and change a
 * region's turfs, what the outlines must be, which contacts take each turf and which doors its rep
 * takes, and which turfs each device pulls.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activities, contacts, notifications, regions, teams, turfs, users } from '#server/db/schema.ts';
import { loadCaller } from '#server/services/actors.ts';
import { canReadTurf, managedRegionIds } from '#src/domain/turfRules.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Ring = [number, number][];
const polygon = (ring: Ring) => ({ type: 'Polygon', coordinates: [[...ring, ring[0]]] });
const square = (w: number, s: number, e: number, n: number) =>
  polygon([
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ]);
const BOW_TIE = polygon([
  [-99.9, 30.1],
  [-99.1, 30.9],
  [-99.1, 30.1],
  [-99.9, 30.9],
]);

describe.each(testDatabaseKinds())('turfs on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);
  const db = () => t.tdb.handle.db;

  const call = (who: UserKey, path: string, body: unknown) =>
    t.api.call('POST', `/api/v2/turfs/${path}`, { token: t.tokens[who], body });
  const turf = (user: UserKey, geometry: unknown, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: `${user}'s turf`,
    user_id: t.world.users[user].id,
    geometry,
    ...extra,
  });
  /** Region A (team A's, led by the manager) drawn over its own area of the map. */
  const drawRegionA = (geometry: unknown) =>
    db()
      .update(regions)
      .set({ geometry: geometry as Record<string, unknown> })
      .where(eq(regions.id, t.world.regions.a));
  /** Contacts at [lng, lat] in region A, owned as given (none by default). */
  const place = async (doors: { at: [number, number] | null; owner?: string | null }[]) => {
    const rows = doors.map((door) => ({
      id: randomUUID(),
      org_id: t.world.org,
      name: 'Door',
      owner_id: door.owner ?? null,
      energy_consultants: door.owner ? [door.owner] : [],
      region_id: t.world.regions.a,
      lng: door.at ? door.at[0] : null,
      lat: door.at ? door.at[1] : null,
    }));
    await db().insert(contacts).values(rows);
    return rows.map((r) => r.id);
  };
  const doors = async (ids: string[]) => {
    const rows = await db()
      .select({
        id: contacts.id,
        turf_id: contacts.turf_id,
        owner_id: contacts.owner_id,
        version: contacts.version,
      })
      .from(contacts)
      .where(inArray(contacts.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id));
  };
  const turfsOf = (ids: string[]) => db().select().from(turfs).where(inArray(turfs.id, ids));
  /** The notifications a change (its version) wrote for a user, as stored. */
  const toldAt = (who: UserKey, version: number) =>
    db()
      .select({
        id: notifications.id,
        link: notifications.link,
        title: notifications.title,
        message: notifications.message,
        text_key: notifications.text_key,
        text_params: notifications.text_params,
      })
      .from(notifications)
      .where(and(eq(notifications.user_id, t.world.users[who].id), eq(notifications.version, version)));
  const versionOf = async (turfId: string) => Number((await turfsOf([turfId]))[0]?.version);
  const userNamed = async (who: UserKey) =>
    (await db().select({ name: users.name }).from(users).where(eq(users.id, t.world.users[who].id)))[0]?.name;
  const regionNamed = async (id: string) =>
    (await db().select({ name: regions.name }).from(regions).where(eq(regions.id, id)))[0]?.name;

  it('a manager cuts their region: contacts inside take their turf, free doors go to its rep, locked doors stay', async () => {
    await drawRegionA(square(-100, 30, -98, 32));
    const { rep, rep2, manager } = t.world.users;
    const [free, managers, locked, east, outside, noPosition] = await place([
      { at: [-99.5, 30.5] },
      { at: [-99.5, 30.6], owner: manager.id },
      { at: [-99.4, 30.5], owner: rep2.id },
      { at: [-98.5, 30.5] },
      { at: [-97, 30.5] },
      { at: null },
    ]);
    const ids = [free, managers, locked, east, outside, noPosition] as string[];
    const west = turf('rep', square(-100, 30, -99, 32), { color: '#21A1D6' });
    const eastTurf = turf('manager', square(-99, 30, -98, 32));
    const answer = await call('manager', 'cut', { region_id: t.world.regions.a, turfs: [west, eastTurf] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ assigned: 3, locked: 1, out_of_reach: 0 });
    const saved = (answer.body.data as { turfs: Record<string, unknown>[] }).turfs;
    expect(saved.map((s) => s._id)).toEqual([west.id, eastTurf.id]);
    expect(saved[0]).not.toHaveProperty('former_user_ids');

    const after = await doors(ids);
    expect(after.map((d) => d?.turf_id)).toEqual([west.id, west.id, west.id, eastTurf.id, null, null]);
    expect(after.map((d) => d?.owner_id)).toEqual([rep.id, rep.id, rep2.id, manager.id, null, null]);
    // Changed doors carry the cut's version, so devices pull them with the turfs.
    const [stored] = await turfsOf([west.id]);
    expect(after[0]?.version).toBe(stored?.version);

    // Each door that changed hands went through the lead reassignment (its activity); the rep
    // hears of the turf once, the manager (who cut it) not at all.
    const written = await db()
      .select({ lead_refs: activities.lead_refs })
      .from(activities)
      .where(eq(activities.type, 'lead_reassigned'));
    const reassigned = written.flatMap((a) => a.lead_refs);
    expect(reassigned).toEqual(expect.arrayContaining([free, managers]));
    expect(reassigned).not.toContain(locked);
    const regionName = await regionNamed(t.world.regions.a);
    expect(await toldAt('rep', stored?.version as number)).toEqual([
      expect.objectContaining({
        link: `/regions/${t.world.regions.a}`,
        text_key: 'notification.turfAssigned',
        text_params: { turf: west.name, region: regionName, count: 2 },
      }),
    ]);
    expect(await toldAt('manager', stored?.version as number)).toEqual([]);

    // Each device pulls the turfs of its scope: a rep only their own, the manager and admins both.
    const pulledIds = async (who: UserKey) =>
      (await pulledRows(t.api, t.tokens[who], 'turfs')).map((r) => r._id);
    expect(await pulledIds('rep')).toEqual([west.id]);
    expect(await pulledIds('rep2')).toEqual([]);
    expect(await pulledIds('guest')).toEqual([]);
    expect((await pulledIds('manager')).sort()).toEqual([west.id, eastTurf.id].sort());
    expect((await pulledIds('admin')).sort()).toEqual([west.id, eastTurf.id].sort());
    expect(await pulledIds('outsider')).toEqual([]);
    const repsContacts = await pulledRows(t.api, t.tokens.rep, 'contacts');
    expect(repsContacts.find((c) => c._id === free)).toMatchObject({ turf_id: west.id, owner_id: rep.id });

    // Cut again: the east turf is gone (its doors leave it, their owner stays), the west one
    // changes hands and stays on the former rep's device, which learns it is no longer theirs.
    const recut = await call('manager', 'cut', {
      region_id: t.world.regions.a,
      turfs: [{ ...west, user_id: manager.id }],
    });
    expect(recut.status, JSON.stringify(recut.body)).toBe(200);
    // The rep's doors are locked to the rep now; nothing else changes hands.
    expect(recut.body.data).toMatchObject({ assigned: 0, locked: 3 });
    const [gone] = await turfsOf([eastTurf.id]);
    expect(gone?.deleted_at).not.toBeNull();
    expect((await doors([east as string]))[0]).toMatchObject({ turf_id: null, owner_id: manager.id });
    const repsTurfs = await pulledRows(t.api, t.tokens.rep, 'turfs');
    expect(repsTurfs.map((r) => [r._id, r.user_id])).toEqual([[west.id, manager.id]]);
    // The rep is told once who holds the turf now.
    expect(await toldAt('rep', await versionOf(west.id))).toEqual([
      expect.objectContaining({
        link: `/regions/${t.world.regions.a}`,
        text_key: 'notification.turfHandedOver',
        text_params: { turf: west.name, rep: await userNamed('manager') },
      }),
    ]);
  });

  it('a turf is changed and deleted; a lead added or moved inside one takes it', async () => {
    await drawRegionA(square(-90, 40, -88, 42));
    const [inside, later] = await place([{ at: [-89.8, 40.2] }, { at: [-89.2, 40.2] }]);
    const one = turf('rep', square(-90, 40, -89.5, 40.5));
    expect((await call('admin', 'cut', { region_id: t.world.regions.a, turfs: [one] })).status).toBe(200);
    expect((await doors([inside as string, later as string])).map((d) => d?.turf_id)).toEqual([one.id, null]);

    const widened = await call('manager', 'edit', {
      id: one.id,
      geometry: square(-90, 40, -89, 40.5),
      name: 'Wide',
    });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    // The door the cut gave the rep is theirs already; the one the wider outline takes goes to them.
    expect(widened.body.data).toMatchObject({ turf: { _id: one.id, name: 'Wide' }, assigned: 1 });
    expect((await doors([inside as string, later as string])).map((d) => d?.owner_id)).toEqual([
      t.world.users.rep.id,
      t.world.users.rep.id,
    ]);

    const added = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: { name: 'Inside Ida', coordinates: [-89.7, 40.3] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const lead = added.body.data as { _id: string };
    expect(added.body.data).toMatchObject({ turf_id: one.id });
    const moved = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: lead._id, coordinates: [-88.5, 41.5] },
    });
    expect(moved.body.data).toMatchObject({ turf_id: null });

    const deleted = await call('manager', 'delete', { id: one.id });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await doors([inside as string])).map((d) => [d?.turf_id, d?.owner_id])).toEqual([
      [null, t.world.users.rep.id],
    ]);
    expect((await call('manager', 'delete', { id: one.id })).status).toBe(404);
    expect((await call('manager', 'edit', { id: one.id, name: 'Again' })).status).toBe(404);
  });

  it('a cut of many doors tells each rep once, in words each reader’s device says; every door keeps its activity', async () => {
    await drawRegionA(square(-80, 20, -78, 22));
    const { rep, rep2, manager } = t.world.users;
    const regionName = await regionNamed(t.world.regions.a);
    // West of -79.5 the rep's turf, east of -79 rep2's, and free doors between them outside both.
    const spread = (count: number, west: number, east: number) =>
      Array.from({ length: count }, (_, i): [number, number] => [
        west + ((i % 10) + 0.5) * ((east - west) / 10),
        20.05 + Math.floor(i / 10) * 0.05,
      ]);
    const westDoors = await place(spread(41, -80, -79.5).map((at) => ({ at })));
    const eastDoors = await place(spread(23, -79, -78).map((at) => ({ at })));
    const between = await place(spread(7, -79.5, -79).map((at) => ({ at })));
    const [lockedWest] = await place([{ at: [-79.75, 21.9], owner: rep2.id }]);
    const [managersEast] = await place([{ at: [-78.5, 21.9], owner: manager.id }]);
    const westTurf = turf('rep', square(-80, 20, -79.5, 22));
    const eastTurf = turf('rep2', square(-79, 20, -78, 22));
    const cut = await call('admin', 'cut', { region_id: t.world.regions.a, turfs: [westTurf, eastTurf] });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    expect(cut.body.data).toMatchObject({ assigned: 41 + 23 + 1, locked: 1, out_of_reach: 0 });
    const version = await versionOf(westTurf.id);

    // One notification each, keyed for the reader's language, opening the region's page.
    expect(await toldAt('rep', version)).toEqual([
      {
        id: expect.any(String),
        link: `/regions/${t.world.regions.a}`,
        title: 'New turf',
        message: `You have a new turf: ${westTurf.name} in ${regionName}, 41 doors given to you.`,
        text_key: 'notification.turfAssigned',
        text_params: { turf: westTurf.name, region: regionName, count: 41 },
      },
    ]);
    expect(await toldAt('rep2', version)).toEqual([
      expect.objectContaining({
        text_key: 'notification.turfAssigned',
        text_params: { turf: eastTurf.name, region: regionName, count: 24 },
      }),
    ]);
    // No 'lead assigned' for any door, to anyone.
    const perDoor = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(eq(notifications.version, version), eq(notifications.text_key, 'notification.leadAssigned')),
      );
    expect(perDoor).toEqual([]);
    // The rep's device pulls that one notification with its key and parameters.
    const pulled = await pulledRows(t.api, t.tokens.rep, 'notifications');
    expect(pulled.filter((n) => n.version === version)).toEqual([
      expect.objectContaining({
        text_key: 'notification.turfAssigned',
        text_params: { turf: westTurf.name, region: regionName, count: 41 },
      }),
    ]);

    // Every door given still says who gave it to whom, once.
    const given = [...westDoors, ...eastDoors, managersEast as string];
    const reassigned = await db()
      .select({ lead_refs: activities.lead_refs, data: activities.data })
      .from(activities)
      .where(and(eq(activities.type, 'lead_reassigned'), eq(activities.version, version)));
    expect(reassigned.flatMap((a) => a.lead_refs).sort()).toEqual([...given].sort());
    const toRep = reassigned.filter((a) => (a.data as { new?: string }).new === rep.id);
    expect(toRep.flatMap((a) => a.lead_refs).sort()).toEqual([...westDoors].sort());
    expect((await doors([lockedWest as string]))[0]?.owner_id).toBe(rep2.id);

    // Widening the rep's own turf over the free doors between: 'your turf grew', once.
    const widened = await call('admin', 'edit', { id: westTurf.id, geometry: square(-80, 20, -79, 22) });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    expect(widened.body.data).toMatchObject({ assigned: 7 });
    expect(await toldAt('rep', await versionOf(westTurf.id))).toEqual([
      expect.objectContaining({
        text_key: 'notification.turfGrew',
        text_params: { turf: westTurf.name, region: regionName, count: 7 },
      }),
    ]);
    expect((await doors(between)).every((d) => d?.owner_id === rep.id)).toBe(true);

    // Handing rep2's turf to the rep: rep2's own doors stay theirs (locked) and rep2 is told once
    // who holds it now; the rep takes the one free door there and hears of the new turf once.
    const [freeEast] = await place([{ at: [-78.25, 21.95], owner: manager.id }]);
    await db()
      .update(contacts)
      .set({ turf_id: eastTurf.id })
      .where(eq(contacts.id, freeEast as string));
    const handed = await call('admin', 'edit', { id: eastTurf.id, user_id: rep.id });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.data).toMatchObject({ assigned: 1, locked: 24 });
    const handedAt = await versionOf(eastTurf.id);
    expect(await toldAt('rep2', handedAt)).toEqual([
      expect.objectContaining({
        title: 'Turf reassigned',
        message: `Your turf ${eastTurf.name} now belongs to ${await userNamed('rep')}.`,
        text_key: 'notification.turfHandedOver',
        text_params: { turf: eastTurf.name, rep: await userNamed('rep') },
      }),
    ]);
    expect(await toldAt('rep', handedAt)).toEqual([
      expect.objectContaining({
        text_key: 'notification.turfAssigned',
        text_params: { turf: eastTurf.name, region: regionName, count: 1 },
      }),
    ]);
  });

  it('a deleted region takes its turfs with it', async () => {
    const regionId = randomUUID();
    const pushed = await pushMutations(t.api, t.tokens.admin, [
      {
        name: 'record.save.v1',
        args: {
          table: 'regions',
          id: regionId,
          create: true,
          fields: { name: 'Doomed', geometry: square(-70, 40, -69, 41) },
        },
      },
    ]);
    expect(pushed.status).toBe(200);
    const [inside] = await place([{ at: [-69.5, 40.5] }]);
    const one = turf('rep', square(-70, 40, -69, 41));
    expect((await call('admin', 'cut', { region_id: regionId, turfs: [one] })).status).toBe(200);
    await pushMutations(t.api, t.tokens.admin, [
      { name: 'record.delete.v1', args: { table: 'regions', id: regionId } },
    ]);
    const [row] = await turfsOf([one.id]);
    expect(row?.deleted_at).not.toBeNull();
    expect((await doors([inside as string]))[0]?.turf_id).toBeNull();
  });

  it('refuses outlines that cross themselves, lie outside the region, or are too large, saving nothing', async () => {
    await drawRegionA(square(-100, 30, -98, 32));
    const cut = (turfList: unknown[]) =>
      call('admin', 'cut', { region_id: t.world.regions.a, turfs: turfList });
    const crossing = turf('rep', BOW_TIE);
    const refused = await cut([crossing]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Invalid input — turfs.0.geometry: crosses itself; draw the outline without crossing lines.',
    );
    const away = turf('rep', square(-60, 10, -59, 11));
    const outside = await cut([turf('rep', square(-99, 30, -98, 31)), away]);
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe(
      'Invalid input — turfs.1.geometry: lies outside its region; draw the turf over the region it belongs to.',
    );
    const ring: Ring = Array.from({ length: 1001 }, (_, i) => {
      const angle = (i / 1001) * 2 * Math.PI;
      return [-99 + 0.5 * Math.cos(angle), 31 + 0.5 * Math.sin(angle)];
    });
    const many = await cut([turf('rep', polygon(ring))]);
    expect(many.status).toBe(400);
    expect(many.body.message).toContain('may have at most 1000 points');
    const crowd = await cut(Array.from({ length: 51 }, () => turf('rep', square(-99, 30, -98, 31))));
    expect(crowd.status).toBe(400);
    expect(crowd.body.message).toContain('may hold at most 50 turfs');
    const huge = await cut([turf('rep', square(-99, 30, -98, 31), { name: 'x'.repeat(1_100_000) })]);
    expect(huge.status).toBe(413);
    for (const [name, expected] of [
      ['a\u0000b', 'NUL'],
      ['a\uD800b', 'invalid character'],
      ['   ', 'is required'],
    ] as const) {
      const bad = await cut([turf('rep', square(-99, 30, -98, 31), { name })]);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain(expected);
    }
    const stray = await cut([turf('rep', square(-99, 30, -98, 31), { owner_id: t.world.users.rep.id })]);
    expect(stray.status).toBe(400);
    const edited = await call('admin', 'edit', { id: randomUUID(), geometry: BOW_TIE });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toContain('crosses itself');
    expect(await turfsOf([crossing.id, away.id])).toEqual([]);
  });

  it('only the region’s managers and admins cut, change and delete its turfs', async () => {
    await drawRegionA(square(-100, 30, -98, 32));
    const geometry = square(-99, 30, -98, 31);
    const regionA = t.world.regions.a;
    const expectRefused = async (who: UserKey, body: unknown, status: number, message: string) => {
      const answer = await call(who, 'cut', body);
      expect(answer.status, `${who}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(answer.body.message).toBe(message);
    };
    const forRep = () => ({ region_id: regionA, turfs: [turf('rep', geometry)] });
    await expectRefused('rep', forRep(), 403, 'Only managers and admins can cut or change turfs.');
    await expectRefused('guest', forRep(), 403, 'Only managers and admins can cut or change turfs.');
    await expectRefused(
      'manager',
      { region_id: t.world.regions.b, turfs: [turf('rep', square(-99, 30, -98, 31))] },
      403,
      'You can only cut and change the turfs of the regions you manage.',
    );
    await expectRefused(
      'manager',
      { region_id: regionA, turfs: [turf('rep2', geometry)] },
      403,
      'You can only give turfs to members of the teams you manage.',
    );
    await expectRefused(
      'admin',
      { region_id: randomUUID(), turfs: [turf('rep', geometry)] },
      404,
      'This region does not exist.',
    );
    const leaver = randomUUID();
    await db()
      .insert(users)
      .values({
        id: leaver,
        org_id: t.world.org,
        name: 'Left',
        email: `left.${leaver}@test.local`,
        access_level: 'User',
        active: false,
      });
    await expectRefused(
      'admin',
      { region_id: regionA, turfs: [{ ...turf('rep', geometry), user_id: leaver }] },
      400,
      'Each turf’s rep must be an active user of your organization.',
    );

    const one = turf('rep', geometry);
    expect((await call('admin', 'cut', { region_id: regionA, turfs: [one] })).status).toBe(200);
    for (const who of ['rep', 'rep2', 'guest'] as const) {
      expect((await call(who, 'edit', { id: one.id, name: 'Mine' })).status, who).toBe(403);
      expect((await call(who, 'delete', { id: one.id })).status, who).toBe(403);
    }
    expect((await call('manager', 'edit', { id: one.id, user_id: t.world.users.rep2.id })).status).toBe(403);
    const [kept] = await turfsOf([one.id]);
    expect(kept).toMatchObject({ name: one.name, user_id: t.world.users.rep.id, deleted_at: null });
  });

  it('never reaches into another organisation', async () => {
    await drawRegionA(square(-100, 30, -98, 32));
    const one = turf('rep', square(-99, 30, -98, 31));
    expect((await call('admin', 'cut', { region_id: t.world.regions.a, turfs: [one] })).status).toBe(200);

    // Another org's admin finds neither the region nor the turf, and cannot take over its id.
    const foreign = await call('outsider', 'cut', {
      region_id: t.world.regions.a,
      turfs: [{ ...one, user_id: t.world.users.outsider.id }],
    });
    expect(foreign.status).toBe(404);
    expect((await call('outsider', 'edit', { id: one.id, name: 'Ours' })).status).toBe(404);
    expect((await call('outsider', 'delete', { id: one.id })).status).toBe(404);
    const theirRegion = randomUUID();
    await db().insert(regions).values({ id: theirRegion, org_id: t.world.otherOrg, name: 'Theirs' });
    const stolen = await call('outsider', 'cut', {
      region_id: theirRegion,
      turfs: [{ ...one, user_id: t.world.users.outsider.id }],
    });
    expect(stolen.status).toBe(409);
    // Nor may a turf go to another org's user.
    const away = await call('admin', 'cut', {
      region_id: t.world.regions.a,
      turfs: [{ ...turf('rep', square(-99, 30, -98, 31)), user_id: t.world.users.outsider.id }],
    });
    expect(away.status).toBe(400);
    const [kept] = await db()
      .select()
      .from(turfs)
      .where(and(eq(turfs.id, one.id), eq(turfs.org_id, t.world.org)));
    expect(kept).toMatchObject({ name: one.name, deleted_at: null });
  });

  it('each device pulls exactly the turfs the shared rule lets its user read (property)', async () => {
    const people: UserKey[] = ['admin', 'manager', 'rep', 'rep2', 'guest'];
    const holders = [...people, 'outsider'].map((key) => t.world.users[key as UserKey].id);
    const regionIds = [t.world.regions.a, t.world.regions.b];
    // Region B names the manager, so the manager reaches it besides team A's region.
    await db()
      .update(regions)
      .set({ manager_ids: [t.world.users.manager.id] })
      .where(eq(regions.id, t.world.regions.b));
    const managedOf = async (actor: Parameters<typeof managedRegionIds>[0]) =>
      managedRegionIds(
        actor,
        await db().select({ id: regions.id, manager_ids: regions.manager_ids }).from(regions),
        await db().select({ id: teams.id, region_id: teams.region_id }).from(teams),
      );
    const turfArb = fc.record({
      user: fc.option(fc.constantFrom(...holders), { nil: null }),
      former: fc.subarray(holders, { maxLength: 2 }),
      region: fc.constantFrom(...regionIds),
      deleted: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(turfArb, { minLength: 1, maxLength: 6 }), async (drawn) => {
        await db().delete(turfs);
        const rows = drawn.map((d) => ({
          id: randomUUID(),
          org_id: t.world.org,
          region_id: d.region,
          user_id: d.user,
          former_user_ids: d.former,
          name: 'Drawn',
          geometry: square(-99, 30, -98, 31),
          deleted_at: d.deleted ? new Date().toISOString() : null,
        }));
        await db().insert(turfs).values(rows);
        for (const key of people) {
          const caller = await loadCaller(db(), t.world.users[key].id);
          const actor = caller?.actor;
          if (!actor) throw new Error(`${key} has no actor`);
          const managed = await managedOf(actor);
          // Tombstones come too, and a former rep keeps pulling a turf to learn it changed hands.
          const expected = rows
            .filter(
              (r) =>
                canReadTurf(actor, r, managed) ||
                (actor.level !== 'Guest' && r.former_user_ids.includes(actor.user_id)),
            )
            .map((r) => r.id)
            .sort();
          const pulled = (await pulledRows(t.api, t.tokens[key], 'turfs')).map((r) => r._id).sort();
          expect(pulled, key).toEqual(expected);
        }
      }),
      { numRuns: 12, seed: 29 },
    );
  });
});
