import { verify } from '@node-rs/argon2';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { loadCaller } from '#server/services/actors.ts';
import { getPaths } from '#server/services/paths.ts';
import { availabilityOfRow } from '#src/domain/availability.ts';
import { cardConfigSchema, cardPlacementSchema } from '#src/domain/dashboard/cards.ts';
import { toCents } from '#src/domain/deal.ts';
import { offersOf } from '#src/domain/distribution.ts';
import { notificationTarget } from '#src/domain/notificationLinks.ts';
import { PROPOSAL_STATUSES } from '#src/domain/proposals/statuses.ts';
import { availabilityFieldsSchema } from '#src/domain/schemas/availability.ts';
import { openTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import type { DatabaseHandle } from '../client.ts';
import {
  activities,
  announcements,
  appointments,
  automationEvents,
  automationRuns,
  automations,
  availability,
  cards,
  contacts,
  distributionRules,
  integrationProviders,
  layouts,
  notes,
  notifications,
  pathPoints,
  paths,
  products,
  proposals,
  regions,
  roles,
  surveys,
  surveyTemplateRevisions,
  surveyTemplates,
  teamMembers,
  teams,
  users,
} from '../schema.ts';
import { DEMO_PASSWORD, demoContact, demoWorld } from './demoData.ts';
import { DEMO_ROLE } from './demoSetup.ts';
import { planDemoWork } from './demoWork.ts';
import { isSeeded, seedDemo } from './seedDemo.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Phoenix (the demo's town) is UTC−7 all year: its calendar day of an instant. */
const phoenixDay = (at: string | number) =>
  new Date(new Date(at).getTime() - 7 * HOUR).toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);

function inside(point: [number, number], polygon: number[][]): boolean {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] as [number, number];
    const [xj, yj] = polygon[j] as [number, number];
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi)
      hit = !hit;
  }
  return hit;
}

describe('demo data', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const now = new Date('2026-11-22T12:00:00Z');

  // On PGlite, the embedded database `npm start` seeds the demo into (the run's migrated copy).
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    handle = database.handle;
    expect(await isSeeded(handle.db)).toBe(false);
    await seedDemo(handle.db, { contacts: 300, now });
  });
  afterAll(async () => database?.dispose());

  it('has the four demo accounts with the demo password', async () => {
    const rows = await handle.db.select().from(users);
    const byEmail = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(byEmail['admin@demo.local']?.access_level).toBe('Admin');
    expect(byEmail['manager@demo.local']?.access_level).toBe('Manager');
    expect(byEmail['rep@demo.local']).toMatchObject({ access_level: 'User', setter_closer: 'setter_closer' });
    expect(byEmail['guest@demo.local']?.access_level).toBe('Guest');
    expect(await verify(byEmail['rep@demo.local']?.password_hash as string, DEMO_PASSWORD)).toBe(true);
    expect(await isSeeded(handle.db)).toBe(true);
  });

  it("has the global 'Default Layout' whose cards are valid cards, in its order", async () => {
    const [layout] = await handle.db.select().from(layouts).where(eq(layouts.name, 'Default Layout'));
    expect(layout).toMatchObject({ is_global: true, owner_id: null });
    const rows = await handle.db.select().from(cards);
    const byId = new Map(rows.map((c) => [c.id, c]));
    const held = (layout?.cards ?? []).map((id) => byId.get(id));
    expect(held.map((c) => [c?.title, c?.type])).toEqual([
      ['Leads this week', 'number'],
      ['Appointments set', 'number'],
      ['Pipeline by stage', 'chart'],
      ['Top reps', 'leaderboard'],
      ['Leads on the map', 'map'],
      ['Sales this month', 'number'],
      ['Revenue this month', 'number'],
    ]);
    for (const card of held) {
      expect(cardConfigSchema.safeParse(card?.config).success, card?.title).toBe(true);
      expect(cardPlacementSchema.safeParse(card?.card_layout).success, card?.title).toBe(true);
    }
  });

  it('gives the demo accounts notifications that each open a real record of theirs', async () => {
    const db = handle.db;
    const people = new Map((await db.select().from(users)).map((u) => [u.id, u]));
    const rows = await db.select().from(notifications);
    const countOf = (email: string) => rows.filter((n) => people.get(n.user_id)?.email === email).length;
    expect([countOf('rep@demo.local'), countOf('manager@demo.local'), countOf('admin@demo.local')]).toEqual([
      14, 6, 4,
    ]);
    const leads = new Map((await db.select().from(contacts)).map((c) => [c.id, c]));
    const memberships = await db.select().from(teamMembers);
    const news = new Set((await db.select({ id: announcements.id }).from(announcements)).map((a) => a.id));
    const kinds = new Set<string>();
    for (const n of rows) {
      const target = notificationTarget(n.link);
      expect(target, n.title).not.toBeNull();
      const [, page, id] = /^\/([a-z]+)(?:\/|\?open=)?(.*)$/.exec(target as string) ?? [];
      kinds.add(page as string);
      if (page === 'contacts') {
        const lead = leads.get(id as string);
        expect(lead, n.message).toBeDefined();
        expect(n.message).toContain(lead?.name);
        // A rep hears of their own leads.
        if (people.get(n.user_id)?.email === 'rep@demo.local') expect(lead?.owner_id).toBe(n.user_id);
      } else if (page === 'teams')
        expect(memberships.some((m) => m.team_id === id && m.user_id === n.user_id)).toBe(true);
      else if (page === 'update') expect(news.has(id as string)).toBe(true);
      else expect(target).toBe('/contest');
    }
    expect(kinds).toEqual(new Set(['contacts', 'teams', 'update', 'contest']));
    // What the server would have written carries its message key, so a Spanish reader reads Spanish.
    const keyed = rows.filter((n) =>
      ['Added to a team', 'New announcement', 'Contest started', 'Lead assigned to you'].includes(n.title),
    );
    expect(keyed.length).toBeGreaterThan(0);
    for (const n of keyed) expect(n.text_key, n.title).toMatch(/^notification\./);
  });

  it('has the default product 198', async () => {
    const [product] = await handle.db.select().from(products).where(eq(products.legacy_id, 198));
    expect(product?.name).toBe('Standard Solar Package');
  });

  it('places every contact inside its region and spreads them over all four stage groups', async () => {
    const regionRows = await handle.db.select().from(regions);
    const polygons = new Map(
      regionRows.map((r) => [
        r.id,
        (r.geometry as { coordinates: number[][][] }).coordinates[0] as number[][],
      ]),
    );
    const rows = await handle.db.select().from(contacts);
    expect(rows).toHaveLength(300);
    for (const c of rows) {
      expect(
        inside([c.lng as number, c.lat as number], polygons.get(c.region_id as string) as number[][]),
        c.address ?? '',
      ).toBe(true);
    }
    expect(new Set(rows.map((c) => c.deal_stage))).toEqual(
      new Set(['Contact', 'Lead', 'Customer', 'Service']),
    );
    expect(new Set(rows.map((c) => c.version)).size).toBe(300);
  });

  it('gives every person of the demo org a name of their own', async () => {
    const stored = (await handle.db.select({ name: users.name }).from(users)).map((u) => u.name);
    expect(new Set(stored).size).toBe(stored.length);
    for (const seed of [undefined, 1, 2, 3, 99]) {
      const names = demoWorld(seed).users.map((u) => u.name);
      expect(
        names.filter((n, i) => names.indexOf(n) !== i),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });

  it('books visits for several reps this week and next (Phoenix calendar), none double booked', async () => {
    const rows = await handle.db.select().from(appointments);
    // Sunday 22 November 05:00 in Phoenix: this week is Monday 16 to Sunday 22.
    const thisWeek = rows.filter((a) => a.appointment_date && a.appointment_date <= '2026-11-22');
    const nextWeek = rows.filter((a) => a.appointment_date && a.appointment_date >= '2026-11-23');
    expect(thisWeek.length).toBeGreaterThan(0);
    expect(nextWeek.length).toBeGreaterThan(0);
    expect(new Set(rows.map((a) => a.user_id)).size).toBeGreaterThanOrEqual(3);
    for (const a of rows) {
      expect(
        a.appointment_date && a.appointment_date >= '2026-11-16' && a.appointment_date <= '2026-11-29',
      ).toBe(true);
      expect(phoenixDay(a.start_time as string)).toBe(a.appointment_date);
      // Set by the rep themselves, before the visit and before now; an outcome only once it is past.
      expect(a.created_by).toBe(a.user_id);
      expect(a.created_at <= (a.start_time as string) && Date.parse(a.created_at) < now.getTime()).toBe(true);
      if (Date.parse(a.start_time as string) > now.getTime())
        expect(['Scheduled', 'Confirmed']).toContain(a.status);
    }
    for (const rep of new Set(rows.map((a) => a.user_id))) {
      const own = rows
        .filter((a) => a.user_id === rep)
        .sort((a, b) => (a.start_time as string).localeCompare(b.start_time as string));
      for (let i = 1; i < own.length; i++)
        expect((own[i]?.start_time as string) >= (own[i - 1]?.end_time as string)).toBe(true);
    }
    // The activity of each is dated when it was set, not when the seed ran.
    const set = await handle.db.select().from(activities).where(eq(activities.message, 'set an appointment'));
    expect(set).toHaveLength(rows.length);
    const setAt = new Map(rows.map((a) => [a.id, a.created_at]));
    for (const a of set) expect(a.date).toBe(setAt.get((a.data as { record: string }).record));
    const latest = await handle.db.select({ date: activities.date }).from(activities);
    expect(latest.every((a) => Date.parse(a.date) <= now.getTime())).toBe(true);
  });

  it('plans the visits in the Phoenix week of any now and the next, and the same plan for the same seed', () => {
    const world = demoWorld();
    for (const [at, monday] of [
      ['2026-11-22T12:00:00Z', '2026-11-16'],
      // Sunday 23:30 in Phoenix, already Monday in UTC.
      ['2026-11-23T06:30:00Z', '2026-11-16'],
      ['2026-11-23T07:30:00Z', '2026-11-23'],
      ['2027-03-03T18:00:00Z', '2027-03-01'],
    ] as const) {
      const when = new Date(at);
      const leads = Array.from({ length: 300 }, (_, i) => {
        const c = demoContact(world, i, when);
        return { ...c, data: c.data as Record<string, unknown> };
      });
      const plan = planDemoWork({ world, leads, now: when, seed: 7, contacts: 300 });
      const days = plan.appointments.map((a) => a.fields.appointment_date);
      expect(
        days.some((d) => d < plusDays(monday, 7)),
        at,
      ).toBe(true);
      expect(
        days.some((d) => d >= plusDays(monday, 7)),
        at,
      ).toBe(true);
      for (const a of plan.appointments) {
        expect(
          a.fields.appointment_date >= monday && a.fields.appointment_date < plusDays(monday, 13),
          at,
        ).toBe(true);
        expect(a.set_at.getTime()).toBeLessThan(when.getTime());
        if (a.outcome) expect(a.outcome.at.getTime()).toBeLessThan(when.getTime());
      }
      expect(planDemoWork({ world, leads, now: when, seed: 7, contacts: 300 })).toEqual(plan);
      expect(planDemoWork({ world, leads, now: when, seed: 8, contacts: 300 }).appointments[0]?.id).not.toBe(
        plan.appointments[0]?.id,
      );
    }
  });

  it('gives a demo of a handful of leads visits in both weeks and a signed proposal, its deal saved first', () => {
    const world = demoWorld(3);
    const leads = Array.from({ length: 6 }, (_, i) => {
      const c = demoContact(world, i, now, 3);
      return { ...c, data: c.data as Record<string, unknown> };
    });
    expect(leads.some((l) => l.deal_stage_status === 'Contract Signed')).toBe(false);
    const plan = planDemoWork({ world, leads, now, seed: 3, contacts: 6 });
    const days = plan.appointments.map((a) => a.fields.appointment_date);
    expect(days.some((d) => d <= '2026-11-22') && days.some((d) => d >= '2026-11-23')).toBe(true);
    const signed = plan.proposals.find((p) => p.steps.at(-1)?.status === 'Won');
    expect(signed?.deal).toMatchObject({ contract_signed_date: '2026-11-20' });
    expect(toCents(signed?.fields.amount as number)).toBe(toCents(signed?.deal?.contract_amount as number));
    expect(signed?.survey?.lead_id).toBe(signed?.lead_id);
  });

  it('has proposals in every status; a won one is the signed deal of its customer, with its site survey', async () => {
    const rows = await handle.db.select().from(proposals);
    expect(new Set(rows.map((p) => p.status))).toEqual(new Set(PROPOSAL_STATUSES));
    const leads = new Map((await handle.db.select().from(contacts)).map((c) => [c.id, c]));
    const surveyRows = new Map((await handle.db.select().from(surveys)).map((s) => [s.id, s]));
    const won = rows.filter((p) => p.status === 'Won');
    expect(won.length).toBeGreaterThan(0);
    for (const p of won) {
      const lead = leads.get(p.lead_id as string);
      const deal = lead?.data as Record<string, unknown>;
      expect(lead?.deal_stage_status).toBe('Contract Signed');
      expect(toCents(p.amount as number)).toBe(toCents(deal.contract_amount as number));
      expect(p.option).toBe(deal.financing);
      const survey = surveyRows.get(p.survey_id as string);
      expect(survey?.lead_id).toBe(p.lead_id);
      expect((p.survey_response as { answers: unknown[] }).answers.length).toBeGreaterThan(0);
    }
    for (const p of rows) {
      expect(p.created_by).toBe(leads.get(p.lead_id as string)?.owner_id);
      expect(Date.parse(p.updated_at)).toBeLessThan(now.getTime());
    }
  });

  it('has survey templates and filled surveys, each keeping the questions of the revision it answered', async () => {
    const templates = await handle.db.select().from(surveyTemplates);
    expect(templates.map((t) => [t.name, t.revision]).sort()).toEqual([
      ['Homeowner interview', 1],
      ['Site survey', 2],
    ]);
    const revisions = await handle.db.select().from(surveyTemplateRevisions);
    const questionsOf = new Map(revisions.map((r) => [`${r.template_id}:${r.revision}`, r.questions]));
    const rows = await handle.db.select().from(surveys);
    expect(rows.length).toBeGreaterThan(0);
    for (const s of rows) {
      expect(s.questions).toEqual(questionsOf.get(`${s.template_id}:${s.template_revision}`));
      if (s.status === 'completed') expect(Date.parse(s.completed_at as string)).toBeLessThan(now.getTime());
    }
    expect(new Set(rows.map((s) => s.status))).toEqual(new Set(['completed', 'draft']));
    const site = templates.find((t) => t.name === 'Site survey');
    const siteRevisions = new Set(
      rows.filter((s) => s.template_id === site?.id).map((s) => s.template_revision),
    );
    expect(siteRevisions).toEqual(new Set([1, 2]));
  });

  it('runs two automations as the people of the demo would have, each run logged', async () => {
    const db = handle.db;
    const list = await db.select().from(automations).orderBy(asc(automations.name));
    expect(list.map((a) => [a.name, a.enabled])).toEqual([
      ['Follow up the day after a visit', true],
      ['Prep note for new appointments', true],
    ]);
    const runs = await db.select().from(automationRuns);
    const visits = new Set((await db.select({ id: appointments.id }).from(appointments)).map((a) => a.id));
    for (const automation of list) {
      const own = runs.filter((r) => r.automation_id === automation.id);
      expect(
        own.some((r) => r.status === 'succeeded'),
        automation.name,
      ).toBe(true);
      for (const run of own) {
        expect(visits.has(run.record_id as string)).toBe(true);
        expect(Date.parse(run.started_at)).toBeLessThanOrEqual(now.getTime());
        // A run still waiting goes on after now (the server's sweep takes it up then).
        if (run.status === 'waiting') {
          const next = (run.steps as { next_at?: string }[]).at(-1)?.next_at as string;
          expect(Date.parse(next)).toBeGreaterThan(now.getTime());
        } else expect(run.status).toBe('succeeded');
      }
    }
    const made = await db.select().from(notes);
    expect(made.filter((n) => n.subject === 'Before the visit')).toHaveLength(
      runs.filter((r) => r.status === 'succeeded' && r.event_type === 'appointment.set').length,
    );
    expect(await db.select().from(automationEvents).where(isNull(automationEvents.dispatched_at))).toEqual(
      [],
    );
  });

  it("has the 'Field Manager' role, with permissions of its own, held by a team leader", async () => {
    const [role] = await handle.db.select().from(roles);
    expect(role).toMatchObject({ name: DEMO_ROLE.name, permissions: [...DEMO_ROLE.permissions].sort() });
    // Made weeks before the seed's now, as its admin did.
    expect(Date.parse(role?.created_at as string)).toBeLessThan(now.getTime() - 7 * DAY);
    const holders = (await handle.db.select().from(users)).filter((u) =>
      u.roles.includes(role?.id as number),
    );
    expect(holders).toHaveLength(1);
    const caller = await loadCaller(handle.db, holders[0]?.id as string);
    expect(caller?.actor.granted).toEqual([...DEMO_ROLE.permissions].sort());
    expect(caller?.actor.managed_team_ids.length).toBe(1);
  });

  it('lists an integration provider that is turned off, with no secret, on example.com only', async () => {
    const rows = await handle.db.select().from(integrationProviders);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ enabled: false, client_secret_enc: null });
    for (const url of [rows[0]?.authorize_url, rows[0]?.token_url, rows[0]?.revoke_url].filter(Boolean))
      expect(new URL(url as string).hostname.endsWith('example.com')).toBe(true);
  });

  it('has the paths several reps walked on the last working days, as a manager reads them', async () => {
    const db = handle.db;
    const tracked = await db.select().from(paths);
    expect(new Set(tracked.map((p) => p.user_id)).size).toBeGreaterThanOrEqual(3);
    const points = await db.select().from(pathPoints).orderBy(asc(pathPoints.recorded_at));
    for (const path of tracked) {
      // Before today (in Phoenix), within the last week.
      expect(phoenixDay(path.ended_at as string) < phoenixDay(now.getTime())).toBe(true);
      expect(Date.parse(path.started_at)).toBeGreaterThan(now.getTime() - 7 * DAY);
      const own = points.filter((p) => p.path_id === path.id);
      expect(own.length).toBeGreaterThan(100);
      expect(
        own.every((p) => p.recorded_at >= path.started_at && p.recorded_at <= (path.ended_at as string)),
      ).toBe(true);
      // A walk: never more than ~40 m between two points 30 s apart.
      for (let i = 1; i < own.length; i++) {
        const [a, b] = [own[i - 1], own[i]] as [(typeof own)[0], (typeof own)[0]];
        const metres = Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 92_800);
        expect(metres).toBeLessThan(40);
      }
    }
    // The manager's map reads them for a day of theirs (their teams' reps).
    const manager = (await db.select().from(users)).find((u) => u.email === 'manager@demo.local');
    const caller = await loadCaller(db, manager?.id as string);
    const day = phoenixDay(tracked[0]?.started_at as string);
    const ctx = { db, config: readConfig({}), now: () => now };
    const read = await getPaths(ctx, caller?.actor as never, { date: day, tz_offset: 420 });
    expect(read.paths.length).toBeGreaterThan(0);
    expect(read.paths.every((p) => p.points.length > 100)).toBe(true);
  });

  it('gives customers signed deals over the last twelve months, whose figures and dates agree', () => {
    const world = demoWorld();
    const yearAgo = new Date(now.getTime() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const months = new Set<string>();
    for (let i = 0; i < 1500; i++) {
      const c = demoContact(world, i, now);
      const deal = c.data as Record<string, number | string | undefined>;
      if (c.deal_stage !== 'Customer' && c.deal_stage !== 'Service') {
        expect(deal.contract_amount, c.name).toBeUndefined();
        continue;
      }
      const signed = String(deal.contract_signed_date);
      months.add(signed.slice(0, 7));
      expect(signed >= yearAgo && signed <= now.toISOString().slice(0, 10), signed).toBe(true);
      expect(c.created_at.slice(0, 10) <= signed).toBe(true);
      expect(toCents(Number(deal.contract_amount))).toBe(
        Math.round(Number(deal.price_per_watt) * Number(deal.system_size_kw) * 1000 * 100),
      );
      const dates = [
        'contract_signed_date',
        'crc_date',
        'permit_filed',
        'permit_received',
        'install_ready_date',
      ]
        .map((k) => deal[k])
        .filter(Boolean);
      expect([...dates].sort(), c.name).toEqual(dates);
    }
    // Sales in most months of the year, so charts by month have a shape.
    expect(months.size).toBeGreaterThanOrEqual(11);
  });

  it('is deterministic: the same seed gives the same contacts', () => {
    const a = demoContact(demoWorld(), 42, now);
    const b = demoContact(demoWorld(), 42, now);
    expect(a).toEqual(b);
    expect(demoContact(demoWorld(), 43, now).id).not.toBe(a.id);
  });

  it("gives the demo's closers working hours and a home base in their region, and two rules that offer them", async () => {
    const rows = await handle.db.select().from(availability);
    const people = await handle.db.select().from(users);
    const byId = new Map(people.map((u) => [u.id, u]));
    const rep = people.find((u) => u.email === 'rep@demo.local');
    const manager = people.find((u) => u.email === 'manager@demo.local');
    expect(rows.map((r) => r.user_id)).toEqual(expect.arrayContaining([rep?.id, manager?.id]));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      const person = byId.get(row.user_id);
      expect(person?.setter_closer === 'setter' || person?.access_level === 'Guest', person?.email).toBe(
        false,
      );
      const { weekly_hours, time_off, appointment_minutes, time_zone, home_base } = row;
      expect(
        availabilityFieldsSchema.safeParse({
          weekly_hours,
          time_off,
          appointment_minutes,
          time_zone,
          home_base,
        }).success,
        person?.email,
      ).toBe(true);
      expect(row.version).toBeGreaterThan(1);
    }
    expect(rows.some((r) => (r.time_off as unknown[]).length > 0)).toBe(true);
    const rules = await handle.db.select().from(distributionRules);
    expect(rules.map((r) => [r.scope, r.kind, r.daily_cap]).sort()).toEqual([
      ['region', 'round_robin', 3],
      ['team', 'nearest', 4],
    ]);
    // The demo rep's team's rule offers its closers' free times on a weekday.
    const central = await handle.db.select().from(teams).where(eq(teams.name, 'Phoenix Central'));
    const members = await handle.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.team_id, central[0]?.id as string));
    const rule = rules.find((r) => r.scope === 'team');
    expect(rule?.id).toBe(central[0]?.id);
    const closers = rows
      .filter((r) => members.some((m) => m.user_id === r.user_id))
      .map((r) => ({ availability: availabilityOfRow(r), lastServedAt: null, closeRate: null }));
    const offers = offersOf(rule as never, closers, {
      day: '2026-11-24',
      now: now.getTime(),
      bookings: [],
      target: { lng: -112.07, lat: 33.45 },
    });
    expect(offers.length).toBeGreaterThan(5);
    // Seeding again adds none.
    await seedDemo(handle.db, { contacts: 300, now });
    expect((await handle.db.select().from(availability)).length).toBe(rows.length);
  });

  it('tops an existing demo org up to the asked total without duplicating it', async () => {
    const summary = await seedDemo(handle.db, { contacts: 450, now });
    expect(summary).toMatchObject({ created_org: false, contacts_added: 150, contacts_total: 450 });
    const [row] = await handle.db
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.org_id, 6)));
    expect(Number(row?.n)).toBe(450);
    const again = await seedDemo(handle.db, { contacts: 450, now });
    expect(again.contacts_added).toBe(0);
  });

  it('tops users and teams up to the asked totals, with distinct emails, and only once', async () => {
    const total = async (table: typeof users | typeof teams) =>
      Number((await handle.db.select({ n: count() }).from(table))[0]?.n);
    const demoUsers = await total(users);
    await seedDemo(handle.db, { contacts: 450, users: demoUsers + 1200, teams: 1100, now });
    expect(await total(users)).toBe(demoUsers + 1200);
    expect(await total(teams)).toBe(1100);
    await seedDemo(handle.db, { contacts: 450, users: demoUsers + 1200, teams: 1100, now });
    expect(await total(users)).toBe(demoUsers + 1200);
    expect(await total(teams)).toBe(1100);
    const emails = (await handle.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
  });
});
