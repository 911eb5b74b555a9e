/**
 * The people the multi-instance benchmarks sign in as: on top of the seeded demo org (6), a second
 * org (7) with its own regions and teams, and in both orgs reps spread over the teams, each owning
 * a few leads of their own (their territory), plus managers and admins. Rows take versions from each
 * org's counter, as the seed's do, so devices page through them like any other.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { contacts, orgs, regions, teamMembers, teams, users } from '#server/db/schema.ts';
import { DEMO_PASSWORD } from '#server/db/seed/demoData.ts';
import { createRandom } from '#server/db/seed/random.ts';
import { hashPassword } from '#server/services/auth.ts';

export const DEMO_ORG = 6;
export const SECOND_ORG = 7;
export const PASSWORD = DEMO_PASSWORD;

export interface LoadUser {
  email: string;
  org: number;
  level: 'Admin' | 'Manager' | 'User';
  /** Leads this user owns: only this user's devices change their status or add notes to them. */
  leads: string[];
}

/** Takes `n` versions of the org's counter; answers the first. */
async function reserveVersions(db: Database, org: number, n: number): Promise<number> {
  const result = (await db.execute(sql`
    INSERT INTO org_versions (org_id, v) VALUES (${org}, ${n + 1})
    ON CONFLICT (org_id) DO UPDATE SET v = org_versions.v + ${n}
    RETURNING v`)) as unknown as { rows: { v: string | number }[] };
  return Number(result.rows[0]?.v) - n + 1;
}

/** A square of about 2 km around a point, as a region's outline. */
function square(lng: number, lat: number): Record<string, unknown> {
  const d = 0.01;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng - d, lat - d],
        [lng + d, lat - d],
        [lng + d, lat + d],
        [lng - d, lat + d],
        [lng - d, lat - d],
      ],
    ],
  };
}

interface Team {
  id: string;
  region_id: string | null;
  lng: number;
  lat: number;
}

/** The second org with its regions and a team in each. */
async function secondOrg(db: Database, teamCount: number): Promise<Team[]> {
  const v = await reserveVersions(db, SECOND_ORG, 1);
  await db
    .insert(orgs)
    .values({ id: SECOND_ORG, name: 'Mesa Home Energy', version: v })
    .onConflictDoNothing();
  const out: Team[] = [];
  for (let i = 0; i < teamCount; i++) {
    const lng = -111.8 + i * 0.05;
    const lat = 33.4;
    const region = randomUUID();
    const team = randomUUID();
    const rv = await reserveVersions(db, SECOND_ORG, 2);
    await db.insert(regions).values({
      id: region,
      org_id: SECOND_ORG,
      name: `Mesa ${i + 1}`,
      geometry: square(lng, lat),
      version: rv,
    });
    await db.insert(teams).values({
      id: team,
      org_id: SECOND_ORG,
      name: `Mesa Team ${i + 1}`,
      region_id: region,
      version: rv + 1,
    });
    out.push({ id: team, region_id: region, lng, lat });
  }
  return out;
}

/** The demo org's teams, placed at their region's first corner (or Phoenix). */
async function demoTeams(db: Database): Promise<Team[]> {
  const rows = await db.select().from(teams).where(eq(teams.org_id, DEMO_ORG));
  const regionIds = rows.map((t) => t.region_id).filter((id): id is string => !!id);
  const shapes = regionIds.length
    ? await db.select().from(regions).where(inArray(regions.id, regionIds))
    : [];
  return rows.map((t) => {
    const geometry = shapes.find((r) => r.id === t.region_id)?.geometry as
      | { coordinates?: number[][][] }
      | undefined;
    const corner = geometry?.coordinates?.[0]?.[0] ?? [-112.07, 33.45];
    return { id: t.id, region_id: t.region_id, lng: Number(corner[0]), lat: Number(corner[1]) };
  });
}

/**
 * Adds `perOrg` signed-in people to each org: org 6 uses its demo admin and manager, org 7 gets an
 * admin and a manager per team; the rest are reps of the teams in turn. Everyone owns
 * `leadsPerUser` new leads in their team's region.
 */
export async function buildLoadWorld(
  db: Database,
  options: { perOrg: number[]; leadsPerUser: number; seed: number },
): Promise<LoadUser[]> {
  const random = createRandom(options.seed);
  const passwordHash = await hashPassword(PASSWORD);
  const out: LoadUser[] = [];
  for (const [index, org] of [DEMO_ORG, SECOND_ORG].entries()) {
    const count = options.perOrg[index] ?? 0;
    if (!count) continue;
    const orgTeams = org === DEMO_ORG ? await demoTeams(db) : await secondOrg(db, 3);
    const people: { id: string; email: string; level: LoadUser['level']; team: Team }[] = [];
    if (org === DEMO_ORG) {
      const demo = await db
        .select({ id: users.id, email: users.email, access_level: users.access_level })
        .from(users)
        .where(inArray(users.email, ['admin@demo.local', 'manager@demo.local']));
      for (const u of demo)
        people.push({
          id: u.id,
          email: u.email,
          level: u.access_level as LoadUser['level'],
          team: orgTeams[0] as Team,
        });
    }
    const newPeople: (typeof users.$inferInsert)[] = [];
    const memberships: (typeof teamMembers.$inferInsert)[] = [];
    const teamLeaders: { team: string; leader: string }[] = [];
    for (let i = 0; people.length < count; i++) {
      const team = orgTeams[i % orgTeams.length] as Team;
      const level: LoadUser['level'] =
        org === SECOND_ORG && i === 0
          ? 'Admin'
          : org === SECOND_ORG && i <= orgTeams.length
            ? 'Manager'
            : 'User';
      const id = randomUUID();
      const email = `${level.toLowerCase()}${i}.org${org}@load.local`;
      newPeople.push({
        id,
        org_id: org,
        name: `${level} ${i} of org ${org}`,
        email,
        password_hash: passwordHash,
        access_level: level,
        roles: level === 'Admin' ? [1] : level === 'Manager' ? [3] : [],
        orgs: [org],
        setter_closer: level === 'User' ? 'setter_closer' : null,
        monday_role: level === 'User' ? 'rep' : level.toLowerCase(),
      });
      if (level !== 'Admin') {
        memberships.push({
          org_id: org,
          team_id: team.id,
          user_id: id,
          role: level === 'Manager' ? 'Leader' : 'Member',
        });
        if (level === 'Manager') teamLeaders.push({ team: team.id, leader: id });
      }
      people.push({ id, email, level, team });
    }
    const first = await reserveVersions(db, org, newPeople.length + memberships.length);
    for (const [i, person] of newPeople.entries()) person.version = first + i;
    for (const [i, m] of memberships.entries()) m.version = first + newPeople.length + i;
    for (let start = 0; start < newPeople.length; start += 500)
      await db.insert(users).values(newPeople.slice(start, start + 500));
    for (let start = 0; start < memberships.length; start += 500)
      await db.insert(teamMembers).values(memberships.slice(start, start + 500));
    for (const { team, leader } of teamLeaders)
      await db.update(teams).set({ leader_id: leader }).where(eq(teams.id, team));

    const leads: (typeof contacts.$inferInsert)[] = [];
    for (const person of people) {
      const owned: string[] = [];
      for (let k = 0; k < options.leadsPerUser; k++) {
        const id = randomUUID();
        owned.push(id);
        leads.push({
          id,
          org_id: org,
          name: `Homeowner ${leads.length + 1} of org ${org}`,
          phone: `602555${String(random.int(0, 9999)).padStart(4, '0')}`,
          address: `${random.int(100, 9999)} E Load St, Mesa, AZ 85201`,
          lat: person.team.lat + random.next() * 0.02 - 0.01,
          lng: person.team.lng + random.next() * 0.02 - 0.01,
          deal_stage: 'Contact',
          deal_stage_status: 'Prospect',
          owner_id: person.id,
          team_id: person.level === 'Admin' ? null : person.team.id,
          region_id: person.team.region_id,
          energy_consultants: [person.id],
          created_by: person.id,
          updated_by: person.id,
        });
      }
      out.push({ email: person.email, org, level: person.level, leads: owned });
    }
    const firstLead = await reserveVersions(db, org, leads.length);
    for (const [i, lead] of leads.entries()) lead.version = firstLead + i;
    for (let start = 0; start < leads.length; start += 1000)
      await db.insert(contacts).values(leads.slice(start, start + 1000));
  }
  await db.execute(sql`ANALYZE`);
  return out;
}
