/** The world the fuzz cases run in: the signed-in API world plus the records they may edit freely. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiWorld } from '../apiWorld.ts';
import { PASSWORD } from '../fixtures.ts';

export interface Env {
  w: ApiWorld;
  /** A user the fuzz may edit freely (never the signed-in callers). */
  victim: string;
  /** A lead the fuzz may edit freely. */
  lead: string;
  template: string;
  media: string;
  throwawayToken: string;
  unique(): number;
}

/** An Env on the API world `t`: prepareFuzzEnv fills it in once the world is set up. */
export function createFuzzEnv(t: ApiWorld): Env {
  let counter = 0;
  return { w: t, unique: () => ++counter } as Env;
}

/** Signs in the throwaway session; makes what the cases edit: a user, a lead, a survey template, a media. */
export async function prepareFuzzEnv(env: Env): Promise<void> {
  const t = env.w;
  const { world } = t;
  env.throwawayToken = await t.api.login(world.users.rep2.email, PASSWORD);
  const victim = await t.api.call('POST', '/api/v2/users/add', {
    token: t.tokens.admin,
    body: { name: 'Victor Victim', email: `victim.${randomUUID()}@test.local` },
  });
  expect(victim.status, JSON.stringify(victim.body)).toBe(201);
  env.victim = (victim.body.data as { _id: string })._id;
  const lead = await t.api.call('POST', '/api/v2/leads/add', {
    token: t.tokens.admin,
    body: { name: 'Fuzz Target', phone: '6025550123' },
  });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  env.lead = (lead.body.data as { _id: string })._id;
  env.template = randomUUID();
  env.media = randomUUID();
  const record = (id: number, table: string, recordId: string, fields: object) => ({
    id,
    name: 'record.save.v1',
    args: { table, id: recordId, create: true, fields },
  });
  const setup = await t.api.call('POST', '/api/v2/sync/push', {
    token: t.tokens.admin,
    body: {
      client_id: randomUUID(),
      schema_version: 1,
      mutations: [
        record(1, 'survey_templates', env.template, {
          name: 'T',
          questions: [{ id: 'roof', type: 'short_text', label: 'Roof age?', required: false }],
        }),
        record(2, 'media', env.media, { lead_id: env.lead, name: 'a.png', mimetype: 'image/png', size: 3 }),
      ],
    },
  });
  expect((setup.body.results as { status: string }[]).map((r) => r.status)).toEqual(['applied', 'applied']);
}

/** The ids of the fuzz world: real leads, users, teams, regions and records (some of another org). */
export function idsOf(env: Env): string[] {
  const { world } = env.w;
  return [
    env.victim,
    env.lead,
    env.template,
    env.media,
    ...Object.values(world.contacts),
    ...Object.values(world.teams),
    ...Object.values(world.regions),
    world.users.rep.id,
    world.users.outsider.id,
  ];
}
