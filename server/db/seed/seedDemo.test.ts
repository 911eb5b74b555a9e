import { verify } from '@node-rs/argon2';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardConfigSchema, cardPlacementSchema } from '#src/domain/dashboard/cards.ts';
import { toCents } from '#src/domain/deal.ts';
import { notificationTarget } from '#src/domain/notificationLinks.ts';
import { type DatabaseHandle, openDatabase } from '../client.ts';
import {
  announcements,
  cards,
  contacts,
  layouts,
  notifications,
  products,
  regions,
  teamMembers,
  teams,
  users,
} from '../schema.ts';
import { DEMO_PASSWORD, demoContact, demoWorld } from './demoData.ts';
import { isSeeded, seedDemo } from './seedDemo.ts';

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
  let handle: DatabaseHandle;
  const now = new Date('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    expect(await isSeeded(handle.db)).toBe(false);
    await seedDemo(handle.db, { contacts: 300, now });
  });
  afterAll(async () => handle?.close());

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

  it('gives every person of the demo org a name of their own', () => {
    for (const seed of [undefined, 1, 2, 3, 99]) {
      const names = demoWorld(seed).users.map((u) => u.name);
      expect(
        names.filter((n, i) => names.indexOf(n) !== i),
        `seed ${seed}`,
      ).toEqual([]);
    }
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
