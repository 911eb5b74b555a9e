/**
 * Verified knocks: a status change (`lead.edit.v1` or leads/edit) records one knock with where the
 * device was, classified against the lead's pin in the same transaction; knocks sync org-wide to
 * whoever may see the leaderboard (without the position itself), never to guests or another org.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import { knockRowSchema } from '#src/domain/schemas/rows.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PIN = { lat: 33.4484, lng: -112.074 };
/** A position `metres` north of the pin. */
const north = (metres: number, accuracy = 8) => ({
  lat: PIN.lat + metres / 111_195,
  lng: PIN.lng,
  accuracy,
  at: '2026-03-02T16:00:00.000Z',
});

describe.each(testDatabaseKinds())('knocks on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);

  /** A lead of the rep's, on team A, with its pin at PIN (or none). */
  async function lead(pinned = true): Promise<string> {
    const id = randomUUID();
    await t.tdb.handle.db.insert(schema.contacts).values({
      id,
      org_id: t.world.org,
      name: `Knock ${id.slice(0, 6)}`,
      owner_id: t.world.users.rep.id,
      team_id: t.world.teams.a,
      region_id: t.world.regions.a,
      energy_consultants: [t.world.users.rep.id],
      deal_stage: 'Contact',
      deal_stage_status: 'Prospect',
      ...(pinned ? PIN : {}),
    });
    return id;
  }

  const knocksOf = (leadId: string) =>
    t.tdb.handle.db.select().from(schema.knocks).where(eq(schema.knocks.lead_id, leadId));

  async function knockBySync(who: UserKey, leadId: string, knock?: unknown) {
    const res = await pushMutations(t.api, t.tokens[who], [
      {
        name: 'lead.edit.v1',
        args: { _id: leadId, deal_stage_status: 'Not Home 1', ...(knock === undefined ? {} : { knock }) },
      },
    ]);
    expect(res.status).toBe(200);
    return (res.body.results as MutationResults)[0];
  }

  it.each([
    ['at the pin', north(0), 'verified'],
    ['60 m away', north(60), 'near'],
    ['500 m away', north(500), 'far'],
    ['10 m away with an 80 m fix', north(10, 80), 'near'],
  ] as const)('a knock %s is %s', async (_, knock, classification) => {
    const leadId = await lead();
    expect((await knockBySync('rep', leadId, knock))?.status).toBe('applied');
    const [row, ...more] = await knocksOf(leadId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      org_id: t.world.org,
      user_id: t.world.users.rep.id,
      created_by: t.world.users.rep.id,
      status: 'Not Home 1',
      lat: knock.lat,
      lng: knock.lng,
      accuracy: knock.accuracy,
      classification,
    });
    expect(new Date(row?.knocked_at as string).toISOString()).toBe(knock.at);
    const metres = Number((knock.lat - PIN.lat) * 111_195);
    expect(row?.distance_m).toBeCloseTo(metres, 0);
    // The knock carries the edit's version, so it reaches devices with the lead's change.
    const [updated] = await t.tdb.handle.db
      .select({ version: schema.contacts.version })
      .from(schema.contacts)
      .where(eq(schema.contacts.id, leadId));
    expect(row?.version).toBe(updated?.version);
  });

  it('a status change without a position, or of a lead without a pin, is unknown; other edits record none', async () => {
    const leadId = await lead();
    const before = Date.now();
    expect((await knockBySync('rep', leadId))?.status).toBe('applied');
    const [row] = await knocksOf(leadId);
    expect(row).toMatchObject({ classification: 'unknown', distance_m: null, lat: null, accuracy: null });
    expect(Date.parse(row?.knocked_at as string)).toBeGreaterThanOrEqual(before - 1000);

    const unpinned = await lead(false);
    expect((await knockBySync('rep', unpinned, north(0)))?.status).toBe('applied');
    expect((await knocksOf(unpinned))[0]).toMatchObject({ classification: 'unknown', distance_m: null });

    // A name change, or the same status again, is no knock.
    const res = await pushMutations(t.api, t.tokens.rep, [
      { name: 'lead.edit.v1', args: { _id: leadId, name: 'Renamed Person', knock: north(0) } },
      { name: 'lead.edit.v1', args: { _id: leadId, deal_stage_status: 'Not Home 1', knock: north(0) } },
    ]);
    expect((res.body.results as MutationResults).map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await knocksOf(leadId)).toHaveLength(1);
  });

  it('records a knock at the device’s time, but never after the server heard of it', async () => {
    // A phone whose clock runs hours ahead: the knock is now, not tomorrow.
    const ahead = await lead();
    const before = Date.now();
    const future = new Date(before + 9 * 3_600_000).toISOString();
    expect((await knockBySync('rep', ahead, { ...north(0), at: future }))?.status).toBe('applied');
    const at = Date.parse((await knocksOf(ahead))[0]?.knocked_at as string);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    // One made offline hours ago keeps its time.
    const earlier = await lead();
    const past = new Date(before - 5 * 3_600_000).toISOString();
    expect((await knockBySync('rep', earlier, { ...north(0), at: past }))?.status).toBe('applied');
    expect(new Date((await knocksOf(earlier))[0]?.knocked_at as string).toISOString()).toBe(past);
  });

  it('judges a knock against the pin the lead had before the same edit moved it', async () => {
    const leadId = await lead();
    const res = await pushMutations(t.api, t.tokens.rep, [
      {
        name: 'lead.edit.v1',
        args: {
          _id: leadId,
          deal_stage_status: 'Not Home 1',
          coordinates: [PIN.lng + 0.05, PIN.lat],
          knock: north(0),
        },
      },
    ]);
    expect((res.body.results as MutationResults)[0]?.status).toBe('applied');
    expect((await knocksOf(leadId))[0]).toMatchObject({ classification: 'verified' });
  });

  it('leads/edit takes a knock too, and refuses a bad one with the field named, the edit not applied', async () => {
    const leadId = await lead();
    for (const bad of [
      { ...north(0), lat: 91 },
      { ...north(0), lat: 'NaN' },
      { ...north(0), accuracy: -3 },
      { ...north(0), at: 'now' },
      { ...north(0), extra: true },
    ]) {
      const res = await t.api.call('POST', '/api/v2/leads/edit', {
        token: t.tokens.rep,
        body: { _id: leadId, deal_stage_status: 'Not Home 2', knock: bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(String(res.body.message)).toMatch(/knock/);
    }
    const [unchanged] = await t.tdb.handle.db
      .select({ status: schema.contacts.deal_stage_status })
      .from(schema.contacts)
      .where(eq(schema.contacts.id, leadId));
    expect(unchanged?.status).toBe('Prospect');
    expect(await knocksOf(leadId)).toEqual([]);

    const rejected = await knockBySync('rep', leadId, { ...north(0), lat: 91 });
    expect(rejected).toMatchObject({ status: 'rejected' });
    expect(rejected?.message).toMatch(/knock\.lat: latitude must be a number between -90 and 90/);
    expect(await knocksOf(leadId)).toEqual([]);

    const ok = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.rep,
      body: { _id: leadId, deal_stage_status: 'Not Home 2', knock: north(0) },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await knocksOf(leadId))[0]).toMatchObject({ classification: 'verified', status: 'Not Home 2' });
  });

  it('refuses another org’s lead and a guest, recording no knock', async () => {
    const outsider = await knockBySync('outsider', await lead(), north(0));
    expect(outsider?.status).toBe('rejected');
    const guestLead = await lead();
    const guest = await knockBySync('guest', guestLead, north(0));
    expect(guest?.status).toBe('rejected');
    expect(await knocksOf(guestLead)).toEqual([]);
    const rest = await t.api.call('POST', '/api/v2/leads/edit', {
      token: t.tokens.outsider,
      body: { _id: t.world.contacts.repOwn, deal_stage_status: 'Not Home 1', knock: north(0) },
    });
    expect(rest.status).toBe(404);
    expect(await knocksOf(t.world.contacts.repOwn)).toEqual([]);
  });

  it('syncs knocks org-wide to those who see the leaderboard; guests and other orgs get none', async () => {
    const leadId = await lead();
    await knockBySync('rep', leadId, north(0));
    const [row] = await knocksOf(leadId);
    for (const who of ['admin', 'manager', 'rep', 'rep2'] as const) {
      const pulled = await pulledRows(t.api, t.tokens[who], 'knocks');
      expect(
        pulled.find((k) => k._id === row?.id),
        who,
      ).toMatchObject({ user_id: t.world.users.rep.id, lead_id: leadId, classification: 'verified' });
      for (const pulledRow of pulled) expect(knockRowSchema.safeParse(pulledRow).error).toBeUndefined();
      // Where the rep stood is not sent to devices, only how far from the pin.
      for (const pulledRow of pulled) expect(pulledRow).not.toHaveProperty('lat');
    }
    expect(await pulledRows(t.api, t.tokens.guest, 'knocks')).toEqual([]);
    expect(await pulledRows(t.api, t.tokens.outsider, 'knocks')).toEqual([]);
  });

  describe('time in field', () => {
    const sendLogs = (who: UserKey, body: Record<string, unknown>) =>
      t.api.call('POST', '/api/v2/sync/logs', {
        token: t.tokens[who],
        body: { client_id: randomUUID(), ...body },
      });
    const fieldTime = (who: UserKey, query: string) =>
      t.api.call('GET', `/api/v2/knocks/field-time?${query}`, { token: t.tokens[who] });
    const day = 'from=2026-10-05T00:00:00.000Z&to=2026-10-06T00:00:00.000Z';
    const timesOf = (body: Record<string, unknown>) =>
      Object.fromEntries(
        (body.times as { user_id: string; time_in_field_ms: number }[])
          .filter((x) => x.time_in_field_ms > 0)
          .map((x) => [x.user_id, x.time_in_field_ms]),
      );
    const HOUR = 3_600_000;

    it('sums each visible person’s paths in the period, clipped, an open path ending at its last point', async () => {
      const open = randomUUID();
      const sent = await sendLogs('rep', {
        paths: [
          { id: randomUUID(), started_at: '2026-10-05T09:00:00.000Z', ended_at: '2026-10-05T11:00:00.000Z' },
          // From the evening before: only the part in the day counts.
          { id: randomUUID(), started_at: '2026-10-04T23:00:00.000Z', ended_at: '2026-10-05T00:30:00.000Z' },
          { id: open, started_at: '2026-10-05T14:00:00.000Z', ended_at: null },
        ],
        path_points: [
          {
            id: randomUUID(),
            path_id: open,
            lat: 33.45,
            lng: -112.07,
            accuracy: 5,
            recorded_at: '2026-10-05T14:10:00.000Z',
          },
          {
            id: randomUUID(),
            path_id: open,
            lat: 33.46,
            lng: -112.07,
            accuracy: 5,
            recorded_at: '2026-10-05T14:30:00.000Z',
          },
        ],
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      await sendLogs('rep2', {
        paths: [
          { id: randomUUID(), started_at: '2026-10-05T10:00:00.000Z', ended_at: '2026-10-05T10:45:00.000Z' },
        ],
      });
      const rep = t.world.users.rep.id;
      const rep2 = t.world.users.rep2.id;

      const admin = await fieldTime('admin', day);
      expect(admin.status, JSON.stringify(admin.body)).toBe(200);
      expect(timesOf(admin.body)).toMatchObject({ [rep]: 3 * HOUR, [rep2]: 0.75 * HOUR });
      // A rep sees their own; a manager their team's (rep2 is on another team).
      expect(timesOf((await fieldTime('rep', day)).body)).toEqual({ [rep]: 3 * HOUR });
      expect(timesOf((await fieldTime('manager', day)).body)).toEqual({ [rep]: 3 * HOUR });
      // Those visible who did not walk are listed at 0; those not visible are not listed.
      const managerTimes = (await fieldTime('manager', day)).body.times as { user_id: string }[];
      const listed = managerTimes.map((x) => x.user_id);
      expect(listed).toEqual(expect.arrayContaining([t.world.users.manager.id, rep]));
      expect(listed).not.toContain(rep2);
      expect(timesOf((await fieldTime('admin', `${day}&user_ids=${rep2}`)).body)).toEqual({
        [rep2]: 0.75 * HOUR,
      });
      // Another org's admin sees none of this org's people.
      expect(timesOf((await fieldTime('outsider', `${day}&user_ids=${rep}`)).body)).toEqual({});
    });

    it('refuses a guest, and a bad period with the field named', async () => {
      const guest = await fieldTime('guest', day);
      expect(guest.status).toBe(403);
      const signedOut = await t.api.call('GET', `/api/v2/knocks/field-time?${day}`, {});
      expect(signedOut.status).toBe(401);
      for (const [query, field] of [
        ['from=yesterday&to=2026-10-06T00:00:00.000Z', 'from'],
        ['from=2026-10-06T00:00:00.000Z&to=2026-10-05T00:00:00.000Z', 'to'],
        ['from=2020-01-01T00:00:00.000Z&to=2026-10-05T00:00:00.000Z', 'to'],
        [`${day}&user_ids=nope`, 'user_ids'],
        [`${day}&extra=1`, 'request'],
      ] as const) {
        const res = await fieldTime('admin', query);
        expect(res.status, query).toBe(400);
        expect(String(res.body.message), query).toContain(field);
      }
    });
  });
});
