/**
 * The demo org's availability for appointments and its distribution rules
 * (src/domain/availability.ts, src/domain/distribution.ts): every demo rep who closes (closer or
 * setter_closer, the demo rep among them) and the manager take appointments on weekdays in Phoenix
 * time, some on Saturday mornings too, each from a home base in their team's region, one with
 * training days next week; Phoenix Central distributes by the nearest closer (4 a day at most) and
 * the East Valley region by round robin (3 a day). Written once: a demo org without any
 * availability gets it, one seeded before availability existed too.
 */
import { count, eq, sql } from 'drizzle-orm';
import { dayInZone, nextDay, type TimeRange, type WeeklyHours, weekdayOf } from '#src/domain/availability.ts';
import { DEFAULT_ORG_ID } from '#src/domain/roles.ts';
import type { Database } from '../client.ts';
import { availability, distributionRules, orgVersions, users } from '../schema.ts';
import { DEMO_REGIONS, DEMO_SEED, type DemoWorld } from './demoData.ts';
import { createRandom } from './random.ts';

const ZONE = 'America/Phoenix';

/** The availability rows and rules of the demo world, as of `now`. */
export function demoAvailability(world: DemoWorld, now: Date, seed = DEMO_SEED) {
  const r = createRandom(seed + 77);
  const closers = world.users.filter(
    (u) =>
      u.email === 'manager@demo.local' ||
      (u.access_level === 'User' && (u.setter_closer === 'closer' || u.setter_closer === 'setter_closer')),
  );
  const regionOf = (teamKey: string | null) =>
    DEMO_REGIONS.find(
      (reg) => reg.key === (world.teams.find((t) => t.key === teamKey)?.region_key ?? 'central'),
    );
  let thursday = nextDay(dayInZone(now.getTime(), ZONE));
  while (weekdayOf(thursday) !== 'thu') thursday = nextDay(thursday);
  const rows = closers.map((u, i) => {
    const start = r.pick(['08:00', '09:00']);
    const end = r.pick(['17:00', '18:00']);
    const day: TimeRange[] = [
      { start, end: '12:00' },
      { start: '13:00', end },
    ];
    const weekly_hours: WeeklyHours = { mon: day, tue: day, wed: day, thu: day, fri: day };
    if (r.next() < 0.4) weekly_hours.sat = [{ start: '10:00', end: '14:00' }];
    const b = (regionOf(u.team) ?? DEMO_REGIONS[0])?.bounds as (typeof DEMO_REGIONS)[number]['bounds'];
    const lng = Math.round((b.west + (b.east - b.west) * r.next()) * 1e5) / 1e5;
    const lat = Math.round((b.south + (b.north - b.south) * r.next()) * 1e5) / 1e5;
    // The second closer trains on the coming Thursday and Friday (Phoenix days).
    const off = { id: r.uuid(), from: thursday, to: nextDay(thursday), note: 'Training' };
    const time_off = i === 1 ? [off] : [];
    return {
      id: u.id,
      user_id: u.id,
      weekly_hours,
      time_off,
      appointment_minutes: r.pick([60, 60, 90]),
      time_zone: ZONE,
      home_base: { address: null, lng, lat },
    };
  });
  const team = (key: string) => world.teams.find((t) => t.key === key)?.id as string;
  const rules = [
    { id: team('central'), scope: 'team', kind: 'nearest', daily_cap: 4, window_days: 30 },
    {
      id: world.regionIds.east as string,
      scope: 'region',
      kind: 'round_robin',
      daily_cap: 3,
      window_days: 30,
    },
  ];
  return { rows, rules };
}

/** Writes the demo's availability and rules unless the demo org has some availability already. */
export async function seedAvailability(db: Database, world: DemoWorld, now: Date, seed = DEMO_SEED) {
  const [have] = await db
    .select({ n: count() })
    .from(availability)
    .where(eq(availability.org_id, DEFAULT_ORG_ID));
  if (Number(have?.n ?? 0) > 0) return;
  const { rows, rules } = demoAvailability(world, now, seed);
  // Only the people this demo org holds (a database seeded with another seed holds others).
  const present = new Set(
    (await db.select({ id: users.id }).from(users).where(eq(users.org_id, DEFAULT_ORG_ID))).map((u) => u.id),
  );
  const admin = world.users[0]?.id ?? null;
  await db.transaction(async (tx) => {
    const [counter] = await tx
      .insert(orgVersions)
      .values({ org_id: DEFAULT_ORG_ID, v: 2 })
      .onConflictDoUpdate({ target: orgVersions.org_id, set: { v: sql`${orgVersions.v} + 1` } })
      .returning({ v: orgVersions.v });
    const common = {
      org_id: DEFAULT_ORG_ID,
      version: Number(counter?.v),
      created_by: admin,
      updated_by: admin,
    };
    const mine = rows.filter((row) => present.has(row.id));
    if (mine.length) await tx.insert(availability).values(mine.map((row) => ({ ...common, ...row })));
    await tx
      .insert(distributionRules)
      .values(rules.map((rule) => ({ ...common, ...rule })))
      .onConflictDoNothing();
  });
}
