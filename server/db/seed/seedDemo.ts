/**
 * Writes the demo org into a database, in batches inside transactions. Every row takes a version
 * from the org's counter (contacts one each), so a device's first sync pages through them in order.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '#server/services/auth.ts';
import { sanitizeStoredRichText } from '#server/services/richText.ts';
import type { CardConfig, CardPlacement, CardType } from '#src/domain/dashboard/cards.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { notificationLinks } from '#src/domain/notificationLinks.ts';
import {
  type ServerText,
  type StoredServerText,
  serverText,
  storedServerText,
} from '#src/domain/serverTexts.ts';
import type { Database } from '../client.ts';
import {
  activities,
  announcements,
  cards,
  contacts,
  contests,
  interfaces,
  layouts,
  legalDocuments,
  notifications,
  orgs,
  orgVersions,
  products,
  regions,
  salesChannels,
  teamMembers,
  teams,
  userConfigs,
  users,
} from '../schema.ts';
import { seedAvailability } from './demoAvailability.ts';
import {
  DEFAULT_ORG_ID,
  DEMO_ANNOUNCEMENTS,
  DEMO_CONTACTS,
  DEMO_PASSWORD,
  DEMO_PRODUCTS,
  DEMO_REGIONS,
  DEMO_SEED,
  DEMO_TERMS,
  type DemoWorld,
  demoContact,
  demoWorld,
  regionPolygon,
  SALES_CHANNELS,
} from './demoData.ts';
import { seedWork } from './seedWork.ts';

const BATCH = 1000;

const countOf = (filters: CardConfig['filters'] = []): CardConfig => ({
  table: 'contacts',
  filters,
  match: 'all',
  group_by: null,
  measure: { op: 'count' },
});

/** The cards of the global 'Default Layout', each a valid card configuration (cardConfigSchema). */
export const DEMO_CARDS: { title: string; type: CardType; card_layout: CardPlacement; config: CardConfig }[] =
  [
    {
      title: 'Leads this week',
      type: 'number',
      card_layout: { w: 3, h: 2, x: 0, y: 0 },
      // The leaderboard's own figures over the same period (src/domain/metrics.ts).
      config: { ...countOf(), metric: { key: 'leads_added', period: 'week' } },
    },
    {
      title: 'Appointments set',
      type: 'number',
      card_layout: { w: 3, h: 2, x: 3, y: 0 },
      config: { ...countOf(), metric: { key: 'appointments_set', period: 'week' } },
    },
    {
      title: 'Pipeline by stage',
      type: 'chart',
      card_layout: { w: 6, h: 4, x: 0, y: 2 },
      config: { ...countOf(), group_by: 'deal_stage', chart: 'bar', limit: 12 },
    },
    {
      title: 'Top reps',
      type: 'leaderboard',
      card_layout: { w: 6, h: 4, x: 6, y: 0 },
      config: { ...countOf(), limit: 10, metric: { key: 'leads_added', period: 'week' } },
    },
    {
      title: 'Leads on the map',
      type: 'map',
      card_layout: { w: 6, h: 4, x: 6, y: 4 },
      config: countOf(),
    },
    {
      title: 'Sales this month',
      type: 'number',
      card_layout: { w: 3, h: 2, x: 0, y: 6 },
      // The one sales definition (src/domain/sales.ts), as the leaderboard and the pages count it.
      config: { ...countOf(), metric: { key: 'closed_won', period: 'month' } },
    },
    {
      title: 'Revenue this month',
      type: 'number',
      card_layout: { w: 3, h: 2, x: 3, y: 6 },
      config: { ...countOf(), metric: { key: 'revenue', period: 'month' } },
    },
  ];

export interface SeedOptions {
  /** Total contacts the demo org should have (default 5,000). */
  contacts?: number;
  /** Total users the demo org should have (the demo's own people, topped up with plain users). */
  users?: number;
  /** Total teams the demo org should have (the demo's own teams, topped up with plain ones). */
  teams?: number;
  /** The 'now' the data is generated around. */
  now?: Date;
  seed?: number;
}

export interface SeedSummary {
  created_org: boolean;
  contacts_added: number;
  contacts_total: number;
}

export async function isSeeded(db: Database): Promise<boolean> {
  const [org] = await db.select({ id: orgs.id }).from(orgs).where(eq(orgs.id, DEFAULT_ORG_ID));
  return Boolean(org);
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Takes `n` versions from the org's counter at once and returns the first. */
async function reserveVersions(tx: Tx, n: number): Promise<number> {
  const [row] = await tx
    .insert(orgVersions)
    .values({ org_id: DEFAULT_ORG_ID, v: n + 1 })
    .onConflictDoUpdate({ target: orgVersions.org_id, set: { v: sql`${orgVersions.v} + ${n}` } })
    .returning({ v: orgVersions.v });
  return Number(row?.v) - n + 1;
}

export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const seed = options.seed ?? DEMO_SEED;
  const now = options.now ?? new Date();
  const world = demoWorld(seed);
  let createdOrg = false;
  if (!(await isSeeded(db))) {
    await seedOrg(db, world, now);
    createdOrg = true;
  }
  const target = options.contacts ?? DEMO_CONTACTS;
  const [existing] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.org_id, DEFAULT_ORG_ID), isNull(contacts.deleted_at)));
  const have = Number(existing?.n ?? 0);
  const adminId = world.users[0]?.id ?? null;
  // Contacts are numbered; topping up continues the series where the org's total stands.
  for (let start = have; start < target; start += BATCH) {
    const end = Math.min(start + BATCH, target);
    await db.transaction(async (tx) => {
      const first = await reserveVersions(tx, end - start);
      const rows = [];
      for (let i = start; i < end; i++) {
        const c = demoContact(world, i, now, seed);
        rows.push({
          ...c,
          org_id: DEFAULT_ORG_ID,
          version: first + (i - start),
          created_by: c.owner_id,
          updated_by: c.owner_id,
        });
      }
      await tx.insert(contacts).values(rows).onConflictDoNothing();
    });
  }
  if (createdOrg && adminId) {
    await seedActivities(db, world, now);
    await seedNotifications(db, world, now);
    // Appointments, proposals, surveys, automations and their runs, a named role, an integration
    // and tracked paths, made through the services as their people would have (seedWork.ts).
    await seedWork(db, world, { now, seed, contacts: target });
  }
  await topUpPeople(db, world, options);
  // Availability and distribution rules (demoAvailability.ts), also for a demo seeded before them.
  await seedAvailability(db, world, now, seed);
  // Fresh statistics, or the planner scans 100,000 rows to find a page of 100.
  await db.execute(sql`ANALYZE`);
  return {
    created_org: createdOrg,
    contacts_added: Math.max(0, target - have),
    contacts_total: Math.max(have, target),
  };
}

async function seedOrg(db: Database, world: DemoWorld, now: Date) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const admin = world.users[0]?.id ?? null;
  await db.transaction(async (tx) => {
    const v = await reserveVersions(tx, 1);
    // With a version, so every device pulls the org's row (its name shows in the header).
    await tx.insert(orgs).values({ id: DEFAULT_ORG_ID, name: 'Sunward Solar', version: v });
    const common = { org_id: DEFAULT_ORG_ID, version: v, created_by: admin, updated_by: admin };
    await tx.insert(regions).values(
      DEMO_REGIONS.map((r) => ({
        ...common,
        id: world.regionIds[r.key],
        name: r.name,
        color: r.color,
        geometry: regionPolygon(r.bounds),
      })),
    );
    await tx.insert(users).values(
      world.users.map((u) => ({
        ...common,
        id: u.id,
        name: u.name,
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        phone: u.phone,
        password_hash: passwordHash,
        access_level: u.access_level,
        roles: u.roles,
        orgs: [DEFAULT_ORG_ID],
        setter_closer: u.setter_closer,
        monday_role: u.monday_role,
        start_date: u.start_date,
        default_products: ['198'],
      })),
    );
    // The demo accounts have set up their profiles already; a user added later has not, and is
    // sent to the profile editor at first sign-in.
    await tx.insert(userConfigs).values(world.users.map((u) => ({ ...common, user_id: u.id })));
    const leaderOf = (key: string) =>
      world.users.find((u) => u.team === key && u.team_role === 'Leader')?.id ?? null;
    await tx.insert(teams).values(
      world.teams.map((t) => ({
        ...common,
        id: t.id,
        name: t.name,
        region_id: world.regionIds[t.region_key],
        leader_id: leaderOf(t.key),
      })),
    );
    const teamId = (key: string) => world.teams.find((t) => t.key === key)?.id as string;
    await tx.insert(teamMembers).values([
      ...world.users
        .filter((u) => u.team)
        .map((u) => ({ ...common, team_id: teamId(u.team as string), user_id: u.id, role: u.team_role })),
      ...world.extraMemberships.map((m) => ({
        ...common,
        team_id: teamId(m.team_key),
        user_id: world.users.find((u) => u.email === m.user_email)?.id as string,
        role: m.role,
      })),
    ]);
    await tx.insert(products).values(DEMO_PRODUCTS.map((p) => ({ ...common, ...p })));
    await tx.insert(salesChannels).values(SALES_CHANNELS.map((name) => ({ ...common, name })));
    await tx.insert(interfaces).values({
      ...common,
      key: 'deal_stage',
      type: 'config',
      table_name: 'contacts',
      data: DEFAULT_DEAL_STAGES,
    });
    const cardRows = await tx
      .insert(cards)
      .values(
        DEMO_CARDS.map((card) => ({
          ...common,
          ...card,
          card_layout: { ...card.card_layout },
          config: JSON.parse(JSON.stringify(card.config)),
        })),
      )
      .returning({ id: cards.id });
    await tx
      .insert(layouts)
      .values({ ...common, name: 'Default Layout', cards: cardRows.map((c) => c.id), is_global: true });
    // Rich text is stored sanitised, the demo's too (services/richText.ts).
    await tx.insert(announcements).values(
      DEMO_ANNOUNCEMENTS.map((a, i) => ({
        ...common,
        ...sanitizeStoredRichText('announcements', a),
        author_id: admin,
        date: new Date(now.getTime() - i * 2 * 86_400_000).toISOString(),
      })),
    );
    const day = 86_400_000;
    await tx.insert(contests).values({
      ...common,
      name: 'Winter Sprint',
      description: 'Most sales volume in four weeks wins a weekend in Sedona.',
      start_date: new Date(now.getTime() - 7 * day).toISOString().slice(0, 10),
      end_date: new Date(now.getTime() + 21 * day).toISOString().slice(0, 10),
      contest_type: 'General',
      contest_qualifier: 'Sales Volume',
      // Under way before the demo existed: its start is not news (the contest job tells of new ones).
      start_announced_at: now.toISOString(),
    });
    await tx.insert(legalDocuments).values({
      ...common,
      slug: 'terms',
      doc_version: DEMO_TERMS.version,
      title: DEMO_TERMS.title,
      content: sanitizeStoredRichText('legal_documents', { content: DEMO_TERMS.content }).content,
    });
  });
}

/** Plain users and teams numbered on from what the org has, up to the asked totals (for large-table runs). */
async function topUpPeople(db: Database, world: DemoWorld, options: SeedOptions) {
  const admin = world.users[0]?.id ?? null;
  const have = async (table: typeof users | typeof teams) =>
    Number((await db.select({ n: count() }).from(table).where(eq(table.org_id, DEFAULT_ORG_ID)))[0]?.n ?? 0);
  const passwordHash = options.users ? await hashPassword(DEMO_PASSWORD) : '';
  for (const [table, target] of [
    [users, options.users ?? 0],
    [teams, options.teams ?? 0],
  ] as const) {
    for (let start = await have(table); start < target; start += BATCH) {
      const end = Math.min(start + BATCH, target);
      await db.transaction(async (tx) => {
        // One version each, as contacts, so a first sync pages through them evenly.
        const first = await reserveVersions(tx, end - start);
        const common = (n: number) => ({
          org_id: DEFAULT_ORG_ID,
          version: first + n - start,
          created_by: admin,
          updated_by: admin,
        });
        const numbers = Array.from({ length: end - start }, (_, i) => start + i);
        if (table === users)
          await tx.insert(users).values(
            numbers.map((n) => ({
              ...common(n),
              name: `Person ${n}`,
              first_name: 'Person',
              last_name: String(n),
              email: `person${n}@people.demo.local`,
              password_hash: passwordHash,
              orgs: [DEFAULT_ORG_ID],
            })),
          );
        else await tx.insert(teams).values(numbers.map((n) => ({ ...common(n), name: `Team ${n}` })));
      });
    }
  }
}

/** How many notifications each demo account starts with (the last four of them read). */
const DEMO_NOTIFICATIONS: Record<string, number> = {
  'rep@demo.local': 14,
  'manager@demo.local': 6,
  'admin@demo.local': 4,
};

/**
 * The demo accounts' notifications, as the server writes them (server/services/notify.ts): each
 * about a real record of the demo org (a lead assigned or an appointment set, the team they are
 * in, an announcement, the running contest) and opening it.
 */
async function seedNotifications(db: Database, world: DemoWorld, now: Date) {
  const admin = world.users[0];
  const manager = world.users.find((u) => u.email === 'manager@demo.local');
  if (!admin) return;
  const leads = await db
    .select({ id: contacts.id, name: contacts.name, owner_id: contacts.owner_id })
    .from(contacts)
    .where(and(eq(contacts.org_id, DEFAULT_ORG_ID), isNull(contacts.deleted_at)))
    .orderBy(contacts.version)
    .limit(500);
  const news = await db
    .select({ id: announcements.id, title: announcements.title })
    .from(announcements)
    .where(eq(announcements.org_id, DEFAULT_ORG_ID))
    .orderBy(announcements.date);
  const [contest] = await db
    .select({ name: contests.name, end_date: contests.end_date })
    .from(contests)
    .where(eq(contests.org_id, DEFAULT_ORG_ID));
  const membership = await db
    .select({ user_id: teamMembers.user_id, team_id: teamMembers.team_id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.team_id))
    .where(eq(teamMembers.org_id, DEFAULT_ORG_ID));
  const rows: (typeof notifications.$inferInsert)[] = [];
  await db.transaction(async (tx) => {
    const version = await reserveVersions(tx, 1);
    for (const [email, n] of Object.entries(DEMO_NOTIFICATIONS)) {
      const user = world.users.find((u) => u.email === email);
      if (!user) continue;
      const own = leads.filter((l) => l.owner_id === user.id);
      const pool = own.length ? own : leads;
      const team = membership.find((m) => m.user_id === user.id);
      for (let i = 0; i < n; i++) {
        const lead = pool[i % Math.max(pool.length, 1)];
        const texts = demoNotification(i, {
          // Nobody is told of their own change: the admin hears of the manager's.
          assigner: (user.id === admin.id ? manager?.name : admin.name) ?? 'Someone',
          lead,
          team,
          news: news[i % Math.max(news.length, 1)],
          contest,
        });
        rows.push({
          org_id: DEFAULT_ORG_ID,
          version,
          created_by: admin.id,
          updated_by: admin.id,
          user_id: user.id,
          ...texts,
          is_read: i >= n - 4,
          created_at: new Date(now.getTime() - (n - i) * 3_600_000).toISOString(),
        });
      }
    }
    if (rows.length) await tx.insert(notifications).values(rows);
  });
}

/** The i-th demo notification's words and link, turn by turn over the kinds the server writes. */
function demoNotification(
  i: number,
  about: {
    assigner: string;
    lead: { id: string; name: string | null } | undefined;
    team: { team_id: string; name: string } | undefined;
    news: { id: string; title: string } | undefined;
    contest: { name: string; end_date: string | null } | undefined;
  },
): { title: string; message: string; link: string } & StoredServerText {
  const { lead, team, news, contest } = about;
  // As the server writes them: the English words, and the key each reader's device says them by.
  const said = (text: ServerText | null) => storedServerText(text);
  const kind = ['assigned', 'followUp', 'team', 'announcement', 'contest'][i % 5];
  if (kind === 'team' && team)
    return {
      title: 'Added to a team',
      message: `You are now a member of ${team.name}.`,
      link: notificationLinks.team(team.team_id),
      ...said(serverText('notification.addedToTeam', { team: team.name })),
    };
  if (kind === 'announcement' && news)
    return {
      title: 'New announcement',
      message: news.title,
      link: notificationLinks.announcement(news.id),
      ...said(serverText('notification.announcement', { title: news.title })),
    };
  if (kind === 'contest' && contest)
    return {
      title: 'Contest started',
      message: `${contest.name} has started. It runs until ${contest.end_date}.`,
      link: notificationLinks.contest(),
      ...said(
        serverText('notification.contestStarted', { contest: contest.name, end: contest.end_date ?? '' }),
      ),
    };
  if (kind === 'followUp' && lead)
    // An automation's notify action: its own words, opening the lead it ran on.
    return {
      title: 'Follow up',
      message: `Call ${lead.name || 'the lead'} back today.`,
      link: notificationLinks.lead(lead.id),
      ...said(null),
    };
  if (lead)
    return {
      title: 'Lead assigned to you',
      message: `${about.assigner} assigned you ${lead.name || 'a lead'}.`,
      link: notificationLinks.lead(lead.id),
      ...said(serverText('notification.leadAssigned', { actor: about.assigner, lead: lead.name ?? '' })),
    };
  return {
    title: 'New announcements',
    message: 'Read what is new.',
    link: notificationLinks.announcements(),
    ...said(null),
  };
}

async function seedActivities(db: Database, world: DemoWorld, now: Date) {
  const recent = await db
    .select({
      id: contacts.id,
      owner_id: contacts.owner_id,
      name: contacts.name,
      status: contacts.deal_stage_status,
    })
    .from(contacts)
    .where(eq(contacts.org_id, DEFAULT_ORG_ID))
    .limit(30);
  await db.transaction(async (tx) => {
    const v = await reserveVersions(tx, 1);
    await tx.insert(activities).values(
      recent.map((c, i) => ({
        org_id: DEFAULT_ORG_ID,
        version: v,
        type: i % 3 === 0 ? 'add_lead' : 'lead_status_change',
        category: 'lead',
        message: i % 3 === 0 ? `added ${c.name}` : `changed status to ${c.status}`,
        actor_id: c.owner_id,
        lead_refs: [c.id],
        user_refs: c.owner_id ? [c.owner_id] : [],
        // As the server writes them: the lead's name, and a status change's new status.
        data:
          i % 3 === 0
            ? { lead_name: c.name }
            : { field: 'deal_stage_status', new: c.status, lead_name: c.name },
        date: new Date(now.getTime() - i * 1_800_000).toISOString(),
        created_by: c.owner_id,
        updated_by: c.owner_id,
      })),
    );
  });
  return world;
}
