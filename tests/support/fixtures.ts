/**
 * A small, exactly known world for contract tests: two orgs, one user per access level, two teams
 * in two regions, and contacts placed so that every scope of the permission table is exercised.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import {
  contacts,
  legalDocuments,
  notifications,
  orgs,
  regions,
  teamMembers,
  teams,
  users,
} from '#server/db/schema.ts';
import { hashPassword } from '#server/services/auth.ts';

export const PASSWORD = 'correct horse 1';

export interface World {
  org: number;
  otherOrg: number;
  users: Record<
    'admin' | 'manager' | 'rep' | 'rep2' | 'guest' | 'privileged' | 'superAdmin' | 'outsider',
    { id: string; email: string }
  >;
  teams: { a: string; b: string };
  regions: { a: string; b: string };
  contacts: {
    /** Owned by rep, team A. */
    repOwn: string;
    /** Owned by rep2 in team A: rep sees it through the team, cannot fully edit. */
    teamA: string;
    /** Owned by rep2 in team B, region B: rep cannot see it; manager (leads A only) cannot either. */
    teamB: string;
    /** Owned by rep2 in team B with rep as energy consultant. */
    consultant: string;
    /** In the other org. */
    otherOrg: string;
  };
}

let counter = 0;

export async function createWorld(db: Database): Promise<World> {
  const n = ++counter;
  const tag = `${Date.now().toString(36)}${n}`;
  const org = 6;
  const otherOrg = 7;
  await db
    .insert(orgs)
    .values([
      { id: org, name: 'Demo Solar' },
      { id: otherOrg, name: 'Other Co' },
    ])
    .onConflictDoNothing();
  const passwordHash = await hashPassword(PASSWORD);
  const mk = (key: string, access_level: string, extra: Partial<typeof users.$inferInsert> = {}) => ({
    id: randomUUID(),
    org_id: org,
    name: `${key} ${tag}`,
    email: `${key}.${tag}@test.local`,
    password_hash: passwordHash,
    access_level,
    ...extra,
  });
  const rows = {
    admin: mk('admin', 'Admin', { roles: [1] }),
    manager: mk('manager', 'Manager'),
    rep: mk('rep', 'User', { setter_closer: 'setter_closer' }),
    rep2: mk('rep2', 'User'),
    guest: mk('guest', 'Guest'),
    privileged: mk('privileged', 'User', { roles: [3] }),
    superAdmin: mk('super', 'Admin', { roles: [10] }),
    outsider: mk('outsider', 'Admin', { org_id: otherOrg, roles: [1] }),
  };
  await db.insert(users).values(Object.values(rows));
  const regionA = randomUUID();
  const regionB = randomUUID();
  await db.insert(regions).values([
    { id: regionA, org_id: org, name: `Region A ${tag}` },
    { id: regionB, org_id: org, name: `Region B ${tag}` },
  ]);
  const teamA = randomUUID();
  const teamB = randomUUID();
  await db.insert(teams).values([
    { id: teamA, org_id: org, name: `Team A ${tag}`, region_id: regionA, leader_id: rows.manager.id },
    { id: teamB, org_id: org, name: `Team B ${tag}`, region_id: regionB },
  ]);
  await db.insert(teamMembers).values([
    { org_id: org, team_id: teamA, user_id: rows.manager.id, role: 'Leader' },
    { org_id: org, team_id: teamA, user_id: rows.rep.id, role: 'Member' },
    { org_id: org, team_id: teamB, user_id: rows.rep2.id, role: 'Member' },
  ]);
  const contact = (
    owner: string,
    team: string | null,
    region: string | null,
    extra: Partial<typeof contacts.$inferInsert> = {},
  ) => ({
    id: randomUUID(),
    org_id: org,
    name: `Contact ${tag}`,
    owner_id: owner,
    team_id: team,
    region_id: region,
    energy_consultants: [owner],
    deal_stage: 'Contact',
    deal_stage_status: 'Prospect',
    ...extra,
  });
  const c = {
    repOwn: contact(rows.rep.id, teamA, regionA, {
      name: `Rita Own ${tag}`,
      phone: '6025550101',
      address: '1 Main St, Phoenix, AZ 85004',
    }),
    teamA: contact(rows.rep2.id, teamA, regionA, { name: `Tom TeamA ${tag}` }),
    teamB: contact(rows.rep2.id, teamB, regionB, { name: `Bea TeamB ${tag}` }),
    consultant: contact(rows.rep2.id, teamB, regionB, {
      name: `Cal Consultant ${tag}`,
      energy_consultants: [rows.rep2.id, rows.rep.id],
    }),
    otherOrg: contact(rows.outsider.id, null, null, { org_id: otherOrg, name: `Otto Other ${tag}` }),
  };
  await db.insert(contacts).values(Object.values(c));
  await db
    .insert(legalDocuments)
    .values({
      org_id: org,
      slug: 'terms',
      doc_version: '2026-01',
      title: 'Terms of Service',
      content: 'Be kind.',
    })
    .onConflictDoNothing();
  await db.insert(notifications).values(
    Array.from({ length: 12 }, (_, i) => ({
      org_id: org,
      user_id: rows.rep.id,
      title: `Note ${i + 1}`,
      message: `Message ${i + 1}`,
      is_read: i < 3,
    })),
  );
  const pick = (r: { id: string; email: string }) => ({ id: r.id, email: r.email });
  return {
    org,
    otherOrg,
    users: {
      admin: pick(rows.admin),
      manager: pick(rows.manager),
      rep: pick(rows.rep),
      rep2: pick(rows.rep2),
      guest: pick(rows.guest),
      privileged: pick(rows.privileged),
      superAdmin: pick(rows.superAdmin),
      outsider: pick(rows.outsider),
    },
    teams: { a: teamA, b: teamB },
    regions: { a: regionA, b: regionB },
    contacts: {
      repOwn: c.repOwn.id,
      teamA: c.teamA.id,
      teamB: c.teamB.id,
      consultant: c.consultant.id,
      otherOrg: c.otherOrg.id,
    },
  };
}
