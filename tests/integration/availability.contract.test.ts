/**
 * Availability (`availability.save.v1`) and distribution rules (`distribution_rule.save.v1`):
 * who may set whose, what a save must be, what each device pulls (a whole row or its booking view),
 * the position a device's path points leave on its person's availability, and new leads without
 * an owner given by their region's rule (round robin, nearest, the daily cap).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, availability, contacts, distributionRules, notifications } from '#server/db/schema.ts';
import { WEEKDAYS } from '#src/domain/availability.ts';
import { availabilityRowSchema } from '#src/domain/schemas/rows.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

/** Every weekday 08:00–18:00. */
const EVERY_DAY = Object.fromEntries(WEEKDAYS.map((d) => [d, [{ start: '08:00', end: '18:00' }]]));
const HOME = { address: '1 Main St, Phoenix, AZ 85004', lng: -112.07412, lat: 33.44838 };

describe.each(testDatabaseKinds())('availability and distribution on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);
  const db = () => t.tdb.handle.db;
  const id = (who: UserKey) => t.world.users[who].id;

  /** Pushes mutations from a new device; their results. */
  const push = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await pushMutations(t.api, t.tokens[who], mutations);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as MutationResults;
  };
  const save = (who: UserKey, userId: string, fields: Record<string, unknown>) =>
    push(who, [{ name: 'availability.save.v1', args: { user_id: userId, fields } }]);
  const setRule = (who: UserKey, args: Record<string, unknown>) =>
    push(who, [
      {
        name: 'distribution_rule.save.v1',
        args: { kind: 'round_robin', daily_cap: null, window_days: 30, ...args },
      },
    ]);
  const stored = async (userId: string) =>
    (await db().select().from(availability).where(eq(availability.id, userId)))[0];

  it('each person sets their own; the fields sent replace the stored ones and the others stay', async () => {
    const off = { id: randomUUID(), from: '2026-12-24', to: '2026-12-26', note: 'Family' };
    const first = await save('rep', id('rep'), {
      weekly_hours: EVERY_DAY,
      time_off: [off],
      appointment_minutes: 90,
      time_zone: 'America/Phoenix',
      home_base: HOME,
    });
    expect(first).toEqual([{ id: 1, status: 'applied' }]);
    expect(await save('rep', id('rep'), { appointment_minutes: 45 })).toEqual([{ id: 1, status: 'applied' }]);
    expect(await stored(id('rep'))).toMatchObject({
      user_id: id('rep'),
      org_id: t.world.org,
      weekly_hours: EVERY_DAY,
      time_off: [off],
      appointment_minutes: 45,
      time_zone: 'America/Phoenix',
      home_base: HOME,
    });
  });

  it('a manager sets their team members’ and an admin anyone’s; nobody else, and never across orgs', async () => {
    const hours = { mon: [{ start: '09:00', end: '12:00' }] };
    const cases: [UserKey, UserKey, 'applied' | RegExp][] = [
      ['manager', 'rep', 'applied'],
      ['manager', 'manager', 'applied'],
      ['admin', 'rep2', 'applied'],
      ['manager', 'rep2', /your own availability, or that of your teams' members/],
      ['rep', 'rep2', /your own availability/],
      ['rep2', 'manager', /your own availability/],
      ['guest', 'guest', /your own availability/],
      ['outsider', 'rep', /does not exist/],
    ];
    for (const [who, whose, outcome] of cases) {
      const [result] = await save(who, id(whose), { weekly_hours: hours });
      if (outcome === 'applied') expect(result, `${who} → ${whose}`).toEqual({ id: 1, status: 'applied' });
      else {
        expect(result?.status, `${who} → ${whose}`).toBe('rejected');
        expect(result?.message, `${who} → ${whose}`).toMatch(outcome);
      }
    }
    const [unknown] = await save('admin', randomUUID(), { weekly_hours: hours });
    expect(unknown).toMatchObject({ status: 'rejected', message: 'This person does not exist.' });
  });

  it('refuses hostile or broken availability, naming the field, and the next change still applies', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{}, /at least one of/],
      [
        {
          weekly_hours: {
            mon: [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '13:00' },
            ],
          },
        },
        /overlap/,
      ],
      [{ weekly_hours: { mon: [{ start: '12:00', end: '09:00' }] } }, /end after they start/],
      [{ weekly_hours: { mon: [{ start: '25:00', end: '26:00' }] } }, /HH:MM/],
      [{ weekly_hours: { someday: [] } }, /someday/],
      [
        {
          weekly_hours: {
            mon: Array.from({ length: 7 }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` })),
          },
        },
        /at most 6/,
      ],
      [{ time_off: [{ id: randomUUID(), from: '2026-12-26', to: '2026-12-24' }] }, /end before it starts/],
      [{ time_off: [{ id: randomUUID(), from: '2026-02-30', to: '2026-03-01' }] }, /real date/],
      [
        {
          time_off: Array.from({ length: 101 }, () => ({
            id: randomUUID(),
            from: '2026-12-24',
            to: '2026-12-24',
          })),
        },
        /at most 100/,
      ],
      [
        { time_off: [{ id: randomUUID(), from: '2026-12-24', to: '2026-12-24', note: 'x'.repeat(201) }] },
        /at most 200/,
      ],
      [{ appointment_minutes: 5 }, /at least 15/],
      [{ appointment_minutes: 1e9 }, /at most 480/],
      [{ time_zone: 'Mars/Olympus' }, /time zone/],
      [{ time_zone: 'x'.repeat(10_000) }, /at most 64/],
      [{ home_base: { lng: 500, lat: 0 } }, /at most 180/],
      [{ home_base: { lng: 0, lat: 0, address: 'a\u0000b' } }, /control characters/],
      [{ last_position: { lng: 0, lat: 0, at: '2026-01-01T00:00:00Z' } }, /last_position/],
    ];
    for (const [fields, message] of bad) {
      const results = await push('rep', [
        { name: 'availability.save.v1', args: { user_id: id('rep'), fields } },
        { name: 'profile.save.v1', args: { name: 'Rita Rep', phone: '' } },
      ]);
      expect(results[0]?.status, JSON.stringify(fields).slice(0, 80)).toBe('rejected');
      expect(results[0]?.message, JSON.stringify(fields).slice(0, 80)).toMatch(message);
      expect(results[1]).toEqual({ id: 2, status: 'applied' });
    }
    for (const args of [
      null,
      'x',
      { user_id: 'not-a-uuid', fields: { appointment_minutes: 60 } },
      { fields: {} },
    ]) {
      const [result] = await push('rep', [{ name: 'availability.save.v1', args }]);
      expect(result?.status).toBe('rejected');
    }
  });

  it('whole rows to those who may read them, the booking view to the rest of the org, nothing to guests or other orgs', async () => {
    const off = { id: randomUUID(), from: '2027-01-04', to: '2027-01-05', note: 'Dentist' };
    await save('rep', id('rep'), { time_off: [off], home_base: HOME, time_zone: 'America/Phoenix' });
    const rowOf = async (who: UserKey) =>
      (await pulledRows(t.api, t.tokens[who], 'availability')).find((r) => r._id === id('rep'));
    for (const who of ['rep', 'manager', 'admin'] as const) {
      expect(await rowOf(who), who).toMatchObject({ time_off: [off], home_base: HOME });
    }
    // rep2 is on another team: when and how long, never where she lives or why she is away.
    const view = await rowOf('rep2');
    expect(view).toMatchObject({
      user_id: id('rep'),
      time_zone: 'America/Phoenix',
      time_off: [{ id: off.id, from: off.from, to: off.to }],
      home_base: { lng: -112.07, lat: 33.45 },
    });
    expect(JSON.stringify(view)).not.toMatch(/Dentist|Main St/);
    expect(availabilityRowSchema.safeParse(view).success).toBe(true);
    expect(await pulledRows(t.api, t.tokens.guest, 'availability')).toEqual([]);
    expect(await pulledRows(t.api, t.tokens.outsider, 'availability')).toEqual([]);
  });

  it("a device's synced path points leave where it last was on its person's availability, at most every ten minutes", async () => {
    await save('rep', id('rep'), { weekly_hours: EVERY_DAY });
    const pathId = randomUUID();
    const device = randomUUID();
    const point = (minute: number, lng: number) => ({
      id: randomUUID(),
      path_id: pathId,
      lat: 33.5,
      lng,
      recorded_at: new Date(Date.UTC(2026, 10, 23, 15, minute)).toISOString(),
    });
    const logs = (points: unknown[], paths: unknown[] = []) =>
      t.api.call('POST', '/api/v2/sync/logs', {
        token: t.tokens.rep,
        body: { client_id: device, paths, path_points: points },
      });
    const started = { id: pathId, started_at: '2026-11-23T14:00:00Z' };
    expect((await logs([point(0, -112.1), point(2, -112.2)], [started])).status).toBe(200);
    expect((await stored(id('rep')))?.last_position).toEqual({
      lng: -112.2,
      lat: 33.5,
      at: '2026-11-23T15:02:00.000Z',
    });
    const version = (await stored(id('rep')))?.version;
    expect((await logs([point(5, -112.3)])).status).toBe(200);
    expect((await stored(id('rep')))?.version).toBe(version);
    expect((await logs([point(13, -112.4)])).status).toBe(200);
    expect((await stored(id('rep')))?.last_position).toMatchObject({ lng: -112.4 });
    // Someone without availability takes no version for their points.
    expect((await stored(id('rep2')))?.last_position ?? null).toBeNull();
  });

  it('managers set the rules of the teams they lead and the regions they manage, admins any, nobody else', async () => {
    const cases: [UserKey, Record<string, unknown>, 'applied' | RegExp][] = [
      ['manager', { id: t.world.teams.a, scope: 'team' }, 'applied'],
      ['manager', { id: t.world.regions.a, scope: 'region', kind: 'nearest', daily_cap: 3 }, 'applied'],
      ['manager', { id: t.world.teams.b, scope: 'team' }, /teams you lead or manage/],
      ['manager', { id: t.world.regions.b, scope: 'region' }, /regions you manage/],
      ['admin', { id: t.world.regions.b, scope: 'region', kind: 'ranking', window_days: 90 }, 'applied'],
      ['rep', { id: t.world.teams.a, scope: 'team' }, /Only managers and admins/],
      ['guest', { id: t.world.teams.a, scope: 'team' }, /Only managers and admins/],
      ['outsider', { id: t.world.teams.a, scope: 'team' }, /does not exist/],
      ['admin', { id: t.world.teams.a, scope: 'region' }, /region does not exist/],
      ['admin', { id: randomUUID(), scope: 'team' }, /team does not exist/],
    ];
    for (const [who, args, outcome] of cases) {
      const [result] = await setRule(who, args);
      const label = `${who} ${JSON.stringify(args)}`;
      if (outcome === 'applied') expect(result, label).toEqual({ id: 1, status: 'applied' });
      else {
        expect(result?.status, label).toBe('rejected');
        expect(result?.message, label).toMatch(outcome);
      }
    }
    for (const args of [
      { id: t.world.teams.a, scope: 'team', kind: 'lottery' },
      { id: t.world.teams.a, scope: 'team', daily_cap: 0 },
      { id: t.world.teams.a, scope: 'team', daily_cap: 51 },
      { id: t.world.teams.a, scope: 'team', window_days: 3 },
      { id: t.world.teams.a, scope: 'turf' },
      { id: t.world.teams.a, scope: 'team', given: { x: 1 } },
    ]) {
      const [result] = await setRule('admin', args);
      expect(result?.status, JSON.stringify(args)).toBe('rejected');
    }
    // Everyone who books pulls the rules; a removed rule comes as a tombstone.
    expect((await pulledRows(t.api, t.tokens.rep2, 'distribution_rules')).map((r) => r._id).sort()).toEqual(
      [t.world.teams.a, t.world.regions.a, t.world.regions.b].sort(),
    );
    expect(await setRule('admin', { id: t.world.regions.b, scope: 'region', removed: true })).toEqual([
      { id: 1, status: 'applied' },
    ]);
    const removed = (await pulledRows(t.api, t.tokens.rep, 'distribution_rules')).find(
      (r) => r._id === t.world.regions.b,
    );
    expect(removed?.deleted_at).toBeTruthy();
    expect(await pulledRows(t.api, t.tokens.guest, 'distribution_rules')).toEqual([]);
    expect(await pulledRows(t.api, t.tokens.outsider, 'distribution_rules')).toEqual([]);
  });

  it("new leads without an owner go to whom their region's rule chooses: round robin, then the cap holds", async () => {
    // Region A's people: the manager and the rep (team A), both taking appointments.
    await save('admin', id('manager'), {
      weekly_hours: EVERY_DAY,
      time_zone: 'America/Phoenix',
      home_base: null,
    });
    await save('admin', id('rep'), { weekly_hours: EVERY_DAY, time_zone: 'America/Phoenix' });
    await setRule('admin', { id: t.world.regions.a, scope: 'region', kind: 'round_robin', daily_cap: 1 });
    await db()
      .update(distributionRules)
      .set({ given: {} })
      .where(eq(distributionRules.id, t.world.regions.a));
    const add = async (name: string) => {
      const res = await t.api.call('POST', '/api/v2/leads/add', {
        token: t.tokens.admin,
        body: { name, phone: '6025550100', owner_id: null, region_id: t.world.regions.a },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { _id: string; owner_id: string | null };
    };
    const first = await add('Una Unowned');
    const second = await add('Dos Unowned');
    const owners = [first.owner_id, second.owner_id];
    expect(owners.sort()).toEqual([id('manager'), id('rep')].sort());
    // Each has had their one lead today: the third stays without an owner.
    expect((await add('Tres Unowned')).owner_id).toBeNull();
    const [rule] = await db()
      .select()
      .from(distributionRules)
      .where(eq(distributionRules.id, t.world.regions.a));
    expect(Object.keys(rule?.given ?? {}).sort()).toEqual([id('manager'), id('rep')].sort());
    // The one who got it is told (not the admin who added it).
    const told = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, id('rep')));
    expect(told.some((n) => n.message.includes('Una Unowned') || n.message.includes('Dos Unowned'))).toBe(
      true,
    );
    // A lead with an owner, or one outside any rule, is left as sent.
    const owned = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.admin,
      body: { name: 'Owned', phone: '6025550101', region_id: t.world.regions.a },
    });
    expect(owned.body.data).toMatchObject({ owner_id: id('admin') });
  });

  it('the ranking rule gives a new lead to the best close rate over its window, from the one sales definition', async () => {
    await setRule('admin', {
      id: t.world.regions.a,
      scope: 'region',
      kind: 'ranking',
      daily_cap: null,
      window_days: 30,
    });
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const lead = (owner: UserKey, extra: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      org_id: t.world.org,
      name: 'Ranked',
      owner_id: id(owner),
      energy_consultants: [id(owner)],
      region_id: t.world.regions.a,
      ...extra,
    });
    // The manager: one appointment and one sale in the window; the rep: two appointments, no sale.
    const sold = lead('manager', {
      deal_stage: 'Customer',
      deal_stage_status: 'Contract Signed',
      data: { contract_signed_date: day(2).slice(0, 10), contract_amount: 20_000 },
    });
    const open = lead('rep');
    await db().insert(contacts).values([sold, open]);
    const visit = (who: UserKey, leadId: string, daysAgo: number) => ({
      org_id: t.world.org,
      lead_id: leadId,
      user_id: id(who),
      start_time: day(daysAgo),
      end_time: null,
      status: 'Completed',
    });
    await db()
      .insert(appointments)
      .values([visit('manager', sold.id, 5), visit('rep', open.id, 4), visit('rep', open.id, 3)]);
    const res = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.admin,
      body: { name: 'To the best', phone: '6025550103', owner_id: null, region_id: t.world.regions.a },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body.data as { owner_id: string }).owner_id).toBe(id('manager'));
  });

  it('the nearest rule gives a lead added offline by a rep to the closer nearest its pin', async () => {
    await setRule('admin', { id: t.world.regions.a, scope: 'region', kind: 'nearest', daily_cap: null });
    await save('admin', id('manager'), { weekly_hours: EVERY_DAY, home_base: { lng: -111.6, lat: 33.4 } });
    await save('admin', id('rep'), { weekly_hours: EVERY_DAY, home_base: HOME });
    const leadId = randomUUID();
    // As a CSV import queues it on the rep's device: no owner, the rep as energy consultant.
    const [result] = await push('rep', [
      {
        name: 'lead.add.v1',
        args: {
          id: leadId,
          name: 'Near Main',
          phone: '6025550102',
          owner_id: null,
          energy_consultants: [id('rep')],
          region_id: t.world.regions.a,
          coordinates: [-112.08, 33.45],
        },
      },
    ]);
    expect(result).toEqual({ id: 1, status: 'applied' });
    const [lead] = await db().select().from(contacts).where(eq(contacts.id, leadId));
    expect(lead?.owner_id).toBe(id('rep'));
  });
});
