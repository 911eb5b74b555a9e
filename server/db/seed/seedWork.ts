/**
 * Writes the demo's recent work (demoWork.ts, demoPaths.ts) and the org's set-up around it
 * (survey templates, a named role, an integration provider, two automations) through the services
 * a person's own change goes through, as the person who would have made it, at the moment they
 * would have: each step runs with a clock set to its time, in time order. So every rule, version,
 * activity and automation applies as in use: the automations' runs are the runner's own, made
 * when the step's events are dispatched, and a run that waits is taken up again when its wait is
 * over (or by the server's sweep, once it runs, when that is still to come).
 *
 * Nothing here calls out: host names are never looked up (the provider is an example.com one,
 * turned off), no secret is sealed, and the seed's settings have no job queue to nudge.
 */
import { and, eq, sql } from 'drizzle-orm';
import { readConfig, type ServerConfig } from '#server/config.ts';
import { loadCaller } from '#server/services/actors.ts';
import { dispatchAutomationEvents, resumeDueRuns } from '#server/services/automations/runner.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { addProvider } from '#server/services/integrations/providers.ts';
import { editLead } from '#server/services/leads.ts';
import { acceptLogs } from '#server/services/logStreams.ts';
import { useResolver } from '#server/services/outbound/outboundFetch.ts';
import { saveRecord } from '#server/services/records.ts';
import { addRole } from '#server/services/roles.ts';
import { editUser } from '#server/services/users.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { providerAddSchema } from '#src/domain/schemas/integrations.ts';
import { leadEditSchema } from '#src/domain/schemas/lead.ts';
import type { RecordSaveInput } from '#src/domain/schemas/records.ts';
import { roleAddSchema } from '#src/domain/schemas/roles.ts';
import { logsPushSchema } from '#src/domain/schemas/sync.ts';
import { userEditSchema } from '#src/domain/schemas/user.ts';
import { LOG_BATCH_MAX } from '#src/domain/syncProtocol.ts';
import type { Database } from '../client.ts';
import {
  activities,
  automationRuns,
  contacts,
  notifications,
  orgVersions,
  paths,
  products,
  roles,
} from '../schema.ts';
import { DEFAULT_ORG_ID, type DemoWorld } from './demoData.ts';
import { planDemoPaths } from './demoPaths.ts';
import { DEMO_AUTOMATIONS, DEMO_PROVIDER, DEMO_ROLE, setupTimes } from './demoSetup.ts';
import { DEMO_SURVEY_TEMPLATES, type DemoTemplateKey } from './demoSurveys.ts';
import { MINUTE_MS } from './demoTime.ts';
import {
  type DemoLead,
  type DemoScale,
  type DemoWork,
  demoScale,
  type PlannedProposal,
  type PlannedSurvey,
  planDemoWork,
  workRandom,
} from './demoWork.ts';

interface Step {
  at: number;
  run: (ctx: ServiceContext) => Promise<unknown>;
  /** The step may record events automations act on: dispatch them right after. */
  events?: boolean;
}

/** Settings for the services the seed calls: no job queue, no lookups of host names. */
function seedConfig(): ServerConfig {
  const config = readConfig({ JOBS: 'off', PLACE_LEADS: 'off', STATIC_DIR: '' });
  // biome-ignore lint/correctness/useHookAtTopLevel: not a React hook; it sets how these settings look host names up (here: never).
  useResolver(config, async () => []);
  return config;
}

/** The seeded contacts the work is about, in the order they were numbered. */
async function readLeads(db: Database): Promise<DemoLead[]> {
  const rows = await db
    .select({
      id: contacts.id,
      owner_id: contacts.owner_id,
      name: contacts.name,
      deal_stage: contacts.deal_stage,
      deal_stage_status: contacts.deal_stage_status,
      created_at: contacts.created_at,
      lat: contacts.lat,
      lng: contacts.lng,
      data: contacts.data,
    })
    .from(contacts)
    .where(eq(contacts.org_id, DEFAULT_ORG_ID))
    .orderBy(contacts.version)
    .limit(5000);
  return rows.map((r) => ({ ...r, data: (r.data ?? {}) as Record<string, unknown> }));
}

async function orgVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ v: orgVersions.v })
    .from(orgVersions)
    .where(eq(orgVersions.org_id, DEFAULT_ORG_ID));
  return Number(row?.v ?? 0);
}

/**
 * What the step wrote with the database's own clock (activity dates, notification, role and
 * path times) is dated at the step's time, like everything its services wrote with the step's clock.
 */
async function restamp(db: Database, after: number, at: number) {
  const stamp = new Date(at).toISOString();
  const org = DEFAULT_ORG_ID;
  // One round trip for them all.
  await db.execute(sql`
    WITH a AS (
      UPDATE ${activities} SET date = ${stamp}, created_at = ${stamp}, updated_at = ${stamp}
      WHERE org_id = ${org} AND version > ${after}
    ), n AS (
      UPDATE ${notifications} SET created_at = ${stamp}, updated_at = ${stamp}
      WHERE org_id = ${org} AND version > ${after}
    ), r AS (
      UPDATE ${roles} SET created_at = ${stamp}, updated_at = ${stamp}
      WHERE org_id = ${org} AND version > ${after}
    )
    UPDATE ${paths} SET created_at = ${stamp}, updated_at = ${stamp} WHERE org_id = ${org} AND version > ${after}`);
}

/** When the org's waiting automation runs go on. */
async function waitsUntil(db: Database): Promise<number[]> {
  const rows = await db
    .select({ next: sql<string>`${automationRuns.steps}->-1->>'next_at'` })
    .from(automationRuns)
    .where(and(eq(automationRuns.org_id, DEFAULT_ORG_ID), eq(automationRuns.status, 'waiting')));
  return rows.map((r) => Date.parse(r.next)).filter((t) => Number.isFinite(t));
}

/** What the steps share: the database, the clock, and each person as they act. */
interface Seeder {
  db: Database;
  world: DemoWorld;
  now: Date;
  seed: number;
  admin: string;
  actor(userId: string): Promise<Actor>;
  /** Someone's rights changed: everyone's actor is built again. */
  forgetActors(): void;
  save(ctx: ServiceContext, userId: string, record: RecordSaveInput): Promise<unknown>;
}

export async function seedWork(
  db: Database,
  world: DemoWorld,
  input: { now: Date; seed: number; contacts: number },
): Promise<void> {
  const config = seedConfig();
  // Who each person is when they act, built as a signed-in request builds it.
  const actors = new Map<string, Actor>();
  const actor = async (userId: string): Promise<Actor> => {
    const known = actors.get(userId);
    if (known) return known;
    const caller = await loadCaller(db, userId);
    if (!caller) throw new Error(`The demo user ${userId} cannot act.`);
    actors.set(userId, caller.actor);
    return caller.actor;
  };
  const seeder: Seeder = {
    db,
    world,
    now: input.now,
    seed: input.seed,
    admin: world.users[0]?.id as string,
    actor,
    forgetActors: () => actors.clear(),
    save: async (ctx, userId, record) => saveRecord(ctx, await actor(userId), record),
  };
  const leads = await readLeads(db);
  const work = planDemoWork({ world, leads, now: input.now, seed: input.seed, contacts: input.contacts });
  const templateIds = { site: workRandom(input.seed, 4).uuid(), interview: workRandom(input.seed, 6).uuid() };
  const steps = [
    ...setupSteps(seeder, templateIds),
    ...(await workSteps(seeder, work, templateIds)),
    ...pathSteps(seeder, leads, demoScale(input.contacts)),
  ];
  const ctxAt = (at: number): ServiceContext => ({ db, config, now: () => new Date(at) });
  await runInTimeOrder(db, steps, ctxAt, input.now.getTime());
}

/** The org's set-up, by its admin: survey templates, the named role, the provider, automations. */
function setupSteps(s: Seeder, templateIds: Record<DemoTemplateKey, string>): Step[] {
  const setup = setupTimes(s.now);
  const steps: Step[] = [];
  for (const key of ['site', 'interview'] as const) {
    const template = DEMO_SURVEY_TEMPLATES[key];
    steps.push({
      at: setup.templates.getTime(),
      run: (ctx) =>
        s.save(ctx, s.admin, {
          table: 'survey_templates',
          id: templateIds[key],
          create: true,
          fields: {
            name: template.name,
            description: template.description,
            questions: template.revisions[0],
          },
        }),
    });
  }
  steps.push({
    at: setup.siteRevision.getTime(),
    run: (ctx) =>
      s.save(ctx, s.admin, {
        table: 'survey_templates',
        id: templateIds.site,
        create: false,
        fields: { questions: DEMO_SURVEY_TEMPLATES.site.revisions[1] },
      }),
  });
  let roleId: number | undefined;
  steps.push({
    at: setup.role.getTime(),
    run: async (ctx) => {
      roleId = (await addRole(ctx, await s.actor(s.admin), roleAddSchema.parse(DEMO_ROLE))).id;
    },
  });
  const holder = s.world.users.find((u) => u.team === 'west' && u.team_role === 'Leader');
  if (holder)
    steps.push({
      at: setup.roleGiven.getTime(),
      run: async (ctx) => {
        const input = userEditSchema.parse({ id: holder.id, roles: [...holder.roles, roleId] });
        await editUser(ctx, await s.actor(s.admin), input);
        s.forgetActors();
      },
    });
  steps.push({
    at: setup.provider.getTime(),
    run: async (ctx) => addProvider(ctx, await s.actor(s.admin), providerAddSchema.parse(DEMO_PROVIDER)),
  });
  const ids = workRandom(s.seed, 7);
  for (const automation of DEMO_AUTOMATIONS) {
    const id = ids.uuid();
    steps.push({
      at: setup.automations.getTime(),
      run: (ctx) => s.save(ctx, s.admin, { table: 'automations', id, create: true, fields: automation }),
    });
  }
  return steps;
}

/** The reps' appointments and their outcomes, proposals and surveys. */
async function workSteps(
  s: Seeder,
  work: DemoWork,
  templateIds: Record<DemoTemplateKey, string>,
): Promise<Step[]> {
  const steps: Step[] = [];
  const survey = (planned: PlannedSurvey): Step => ({
    at: planned.at.getTime(),
    run: (ctx) =>
      s.save(ctx, planned.user_id, {
        table: 'surveys',
        id: planned.id,
        create: true,
        fields: {
          template_id: templateIds[planned.template],
          lead_id: planned.lead_id,
          responses: planned.answers,
          status: planned.status,
        },
      }),
  });
  for (const a of work.appointments) {
    steps.push({
      at: a.set_at.getTime(),
      events: true,
      run: (ctx) =>
        s.save(ctx, a.user_id, { table: 'appointments', id: a.id, create: true, fields: a.fields }),
    });
    const outcome = a.outcome;
    if (outcome)
      steps.push({
        at: outcome.at.getTime(),
        events: true,
        run: (ctx) =>
          s.save(ctx, a.user_id, {
            table: 'appointments',
            id: a.id,
            create: false,
            fields: { status: outcome.status },
          }),
      });
  }
  const productIds = new Map(
    (
      await s.db
        .select({ id: products.id, legacy: products.legacy_id })
        .from(products)
        .where(eq(products.org_id, DEFAULT_ORG_ID))
    ).map((p) => [p.legacy, p.id]),
  );
  for (const p of work.proposals) {
    steps.push(...proposalSteps(s, p, productIds));
    if (p.survey) steps.push(survey(p.survey));
  }
  for (const planned of work.surveys) steps.push(survey(planned));
  return steps;
}

/** The reps' tracked paths, each sent from their phone as the app sends it, in batches. */
function pathSteps(s: Seeder, leads: readonly DemoLead[], scale: DemoScale): Step[] {
  const steps: Step[] = [];
  const phones = new Map<string, string>();
  const phoneIds = workRandom(s.seed, 5);
  const phoneOf = (userId: string) =>
    phones.get(userId) ?? (phones.set(userId, phoneIds.uuid()).get(userId) as string);
  const planned = planDemoPaths({
    world: s.world,
    leads,
    now: s.now,
    random: (stream) => workRandom(s.seed, stream),
    reps: scale.pathReps,
    days: scale.pathDays,
  });
  for (const { points, user_id, ...path } of planned) {
    for (let i = 0; i < points.length; i += LOG_BATCH_MAX) {
      const batch = logsPushSchema.parse({
        client_id: phoneOf(user_id),
        paths: i === 0 ? [path] : [],
        path_points: points.slice(i, i + LOG_BATCH_MAX),
      });
      steps.push({
        at: Date.parse(path.ended_at) + i,
        run: async (ctx) => acceptLogs(ctx, await s.actor(user_id), batch),
      });
    }
  }
  return steps;
}

/** A proposal as its rep writes it: made in its first status, then moved on, one save each. */
function proposalSteps(s: Seeder, p: PlannedProposal, productIds: Map<number | null, string>): Step[] {
  const out: Step[] = [];
  const [first, ...later] = p.steps;
  if (!first) return out;
  const details = {
    ...(p.fields.details as Record<string, unknown>),
    product_ids: p.products.flatMap((legacy) => productIds.get(legacy) ?? []),
  };
  out.push({
    at: first.at.getTime(),
    run: (ctx) =>
      s.save(ctx, p.user_id, {
        table: 'proposals',
        id: p.id,
        create: true,
        fields: { ...p.fields, details, status: first.status },
      }),
  });
  const deal = p.deal;
  for (const step of later) {
    // A lead with no deal yet has its signed deal saved first, as the lead page asks for it.
    if (deal && step.status === 'Won')
      out.push({
        at: step.at.getTime() - MINUTE_MS,
        events: true,
        run: async (ctx) =>
          editLead(ctx, await s.actor(p.user_id), leadEditSchema.parse({ _id: p.lead_id, ...deal })),
      });
    out.push({
      at: step.at.getTime(),
      events: step.status === 'Won',
      run: (ctx) =>
        s.save(ctx, p.user_id, {
          table: 'proposals',
          id: p.id,
          create: false,
          fields: { status: step.status },
        }),
    });
  }
  return out;
}

/**
 * Runs the steps in time order, each with the clock at its time; events are dispatched a minute
 * after their step, and a run that waits is taken up at the end of its wait when that has passed.
 */
async function runInTimeOrder(
  db: Database,
  steps: Step[],
  ctxAt: (at: number) => ServiceContext,
  now: number,
): Promise<void> {
  const queue = steps
    .map((step, order) => ({ ...step, order }))
    .sort((a, b) => a.at - b.at || a.order - b.order);
  const resumes = new Set<number>();
  let order = queue.length;
  while (queue.length) {
    const step = queue.shift() as (typeof queue)[number];
    const before = await orgVersion(db);
    await step.run(ctxAt(step.at));
    if (step.events) {
      await dispatchAutomationEvents(ctxAt(step.at + MINUTE_MS));
      for (const due of await waitsUntil(db)) {
        if (due > now || resumes.has(due)) continue;
        resumes.add(due);
        const resume = { at: due, order: order++, run: (ctx: ServiceContext) => resumeDueRuns(ctx) };
        const index = queue.findIndex((s) => s.at > due);
        queue.splice(index < 0 ? queue.length : index, 0, resume);
      }
    }
    await restamp(db, before, step.at);
  }
  // What the last steps started (an automation's note is an event too) is dispatched now.
  const before = await orgVersion(db);
  while ((await dispatchAutomationEvents(ctxAt(now))) > 0) {
    // Until none is left.
  }
  await restamp(db, before, now);
}
