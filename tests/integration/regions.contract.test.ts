import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, regions } from '#server/db/schema.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Ring = [number, number][];
const polygon = (ring: Ring) => ({ type: 'Polygon', coordinates: [[...ring, ring[0]]] });
/** A closed square ring from (west, south) to (east, north). */
const square = (w: number, s: number, e: number, n: number) =>
  polygon([
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ]);

describe.each(testDatabaseKinds())('regions on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'outsider']);

  const push = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await pushMutations(t.api, t.tokens[who], mutations);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as MutationResults;
  };
  const saveRegion = (id: string, fields: Record<string, unknown>, create = true) => ({
    name: 'record.save.v1',
    args: { table: 'regions', id, create, fields },
  });
  const deleteRegion = (id: string) => ({ name: 'record.delete.v1', args: { table: 'regions', id } });

  /** Contacts placed at [lng, lat] in an area of their own (far from every other test's). */
  const place = async (
    positions: ([number, number] | null)[],
    extra: Partial<typeof contacts.$inferInsert> = {},
  ) => {
    const rows = positions.map((p) => ({
      id: randomUUID(),
      org_id: t.world.org,
      name: 'Placed',
      owner_id: t.world.users.rep.id,
      energy_consultants: [t.world.users.rep.id],
      lng: p ? p[0] : null,
      lat: p ? p[1] : null,
      ...extra,
    }));
    await t.tdb.handle.db.insert(contacts).values(rows);
    return rows.map((r) => r.id);
  };
  const stored = async (ids: string[]) => {
    const rows = await t.tdb.handle.db
      .select({ id: contacts.id, region_id: contacts.region_id, version: contacts.version })
      .from(contacts)
      .where(inArray(contacts.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  };
  const regionsOf = async (ids: string[]) => {
    const rows = await stored(ids);
    return ids.map((id) => rows.get(id)?.region_id);
  };

  it('refuses a crossing outline and one of two points, saving nothing', async () => {
    const [inside] = await place([[-100.5, 40.5]]);
    const bowTie = randomUUID();
    const twoPoints = randomUUID();
    const results = await push('admin', [
      saveRegion(bowTie, {
        name: 'Bow tie',
        geometry: polygon([
          [-101, 40],
          [-100, 41],
          [-100, 40],
          [-101, 41],
        ]),
      }),
      saveRegion(twoPoints, {
        name: 'Line',
        geometry: polygon([
          [-101, 40],
          [-100, 41],
        ]),
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(results[0]?.message).toContain('crosses itself');
    expect(results[1]?.message).toContain('at least 3 different points');
    const saved = await t.tdb.handle.db
      .select()
      .from(regions)
      .where(inArray(regions.id, [bowTie, twoPoints]));
    expect(saved).toEqual([]);
    expect(await regionsOf([inside as string])).toEqual([null]);
  });

  it('a drawn region takes the contacts inside it; redrawn, those left outside lose it', async () => {
    const [west, east, noPosition, far] = await place([[-110.8, 35.5], [-110.2, 35.5], null, [-109, 35.5]]);
    const all = [west, east, noPosition, far] as string[];
    const before = await stored(all);
    const id = randomUUID();
    expect(
      (await push('admin', [saveRegion(id, { name: 'Flagstaff', geometry: square(-111, 35, -110, 36) })]))[0],
    ).toMatchObject({ status: 'applied' });
    const [region] = await t.tdb.handle.db.select().from(regions).where(eq(regions.id, id));
    const after = await stored(all);
    expect(after.get(west as string)?.region_id).toBe(id);
    expect(after.get(east as string)?.region_id).toBe(id);
    expect(after.get(noPosition as string)?.region_id).toBeNull();
    expect(after.get(far as string)?.region_id).toBeNull();
    // Changed contacts carry the region's version, so devices pull them with it.
    expect(after.get(west as string)?.version).toBe(region?.version);
    expect(after.get(far as string)?.version).toBe(before.get(far as string)?.version);
    const pulled = await pulledRows(t.api, t.tokens.admin, 'contacts');
    expect(pulled.find((r) => r._id === west)).toMatchObject({ region_id: id });

    // A hand-assigned contact without a position stays; the east one is outside the new outline.
    await t.tdb.handle.db
      .update(contacts)
      .set({ region_id: id })
      .where(eq(contacts.id, noPosition as string));
    const redraw = await push('admin', [saveRegion(id, { geometry: square(-111, 35, -110.5, 36) }, false)]);
    expect(redraw[0]?.status).toBe('applied');
    expect(await regionsOf([west as string])).toEqual([id]);
    expect(await regionsOf([east as string])).toEqual([null]);
    expect(await regionsOf([noPosition as string])).toEqual([id]);

    // Deleting the region clears every contact in it, with or without a position.
    expect((await push('admin', [deleteRegion(id)]))[0]?.status).toBe('applied');
    expect(await regionsOf([west as string, noPosition as string])).toEqual([null, null]);
  });

  it('places a contact in the smallest of overlapping regions, and back in the larger when it goes', async () => {
    const [point] = await place([[-105.5, 38.5]]);
    const outer = randomUUID();
    const inner = randomUUID();
    await push('admin', [
      saveRegion(outer, { name: 'Colorado', geometry: square(-106, 38, -105, 39) }),
      saveRegion(inner, { name: 'Pueblo', geometry: square(-105.6, 38.4, -105.4, 38.6) }),
    ]);
    expect(await regionsOf([point as string])).toEqual([inner]);
    await push('admin', [deleteRegion(inner)]);
    expect(await regionsOf([point as string])).toEqual([outer]);
  });

  it('a lead added inside a region gets it, and loses it when moved out', async () => {
    const id = randomUUID();
    await push('admin', [saveRegion(id, { name: 'Santa Fe', geometry: square(-106.2, 35.5, -105.8, 35.8) })]);
    const added = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: { name: 'Inside Ian', coordinates: [-106, 35.6] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const lead = added.body.data as { _id: string; region_id: string | null };
    expect(lead.region_id).toBe(id);

    // Moved within the region it keeps it; moved out it leaves (its team's region has no outline).
    const within = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: lead._id, coordinates: [-105.9, 35.7] },
    });
    expect(within.body.data).toMatchObject({ region_id: id });
    const moved = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: lead._id, coordinates: [-90, 30] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ region_id: null });

    // Outside every outline a lead keeps the hand-assigned region of its team.
    const elsewhere = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.rep,
      body: { name: 'Outside Olga', coordinates: [-80, 30] },
    });
    expect(elsewhere.body.data).toMatchObject({ region_id: t.world.regions.a });
  });

  it('only admins draw regions', async () => {
    const geometry = square(-120, 45, -119, 46);
    for (const who of ['rep', 'manager'] as const) {
      const id = randomUUID();
      const results = await push(who, [saveRegion(id, { name: 'Mine', geometry })]);
      expect(results[0]).toMatchObject({ status: 'rejected', message: 'Only admins can change this.' });
      expect(await t.tdb.handle.db.select().from(regions).where(eq(regions.id, id))).toEqual([]);
    }
    const existing = randomUUID();
    await push('admin', [saveRegion(existing, { name: 'Oregon', geometry })]);
    const denied = await push('rep', [deleteRegion(existing)]);
    expect(denied[0]).toMatchObject({ status: 'rejected', message: 'Only admins can change this.' });
  });

  it('never touches another organisation’s contacts or regions', async () => {
    const [ours] = await place([[-95.5, 30.5]]);
    const [theirs] = await place([[-95.5, 30.5]], {
      org_id: t.world.otherOrg,
      owner_id: t.world.users.outsider.id,
    });
    const mine = randomUUID();
    const other = randomUUID();
    await push('admin', [saveRegion(mine, { name: 'Houston', geometry: square(-96, 30, -95, 31) })]);
    await push('outsider', [
      saveRegion(other, { name: 'Their Houston', geometry: square(-96, 30, -95, 31) }),
    ]);
    expect(await regionsOf([ours as string])).toEqual([mine]);
    expect(await regionsOf([theirs as string])).toEqual([other]);

    // Another org cannot change or delete this org's region.
    const results = await push('outsider', [
      saveRegion(mine, { geometry: square(-100, 30, -99, 31) }, false),
      deleteRegion(mine),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await regionsOf([ours as string])).toEqual([mine]);

    await push('outsider', [deleteRegion(other)]);
    expect(await regionsOf([ours as string, theirs as string])).toEqual([mine, null]);
  });
});
