/**
 * Running automations. Exactly once per event, however many instances run:
 * - an event is claimed by one dispatcher (`FOR UPDATE SKIP LOCKED`, then marked dispatched in the
 *   same transaction that inserts its runs);
 * - a run is inserted with ON CONFLICT (automation_id, event_key) DO NOTHING, so a second insert
 *   of the same automation for the same event does nothing;
 * - a run is executed only by whoever moves it from pending/waiting/retrying to running.
 * Actions run in order, each in its own transaction; `wait` parks the run until its time; a failing
 * action is tried again with backoff, then the run is recorded failed. A run never blocks another.
 * Every run acts as the automation's author with their rights at that moment (./author.ts), and is
 * recorded skipped, with the reason, when they may not run it or may not see its lead.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { automationEvents, automationRuns, automations, contacts } from '#server/db/schema.ts';
import { conditionsHold, matchesTrigger, STATUS_FIELD, timeEventKey } from '#src/domain/automations/rules.ts';
import { RUN_AS_SKIPPED } from '#src/domain/automations/runAs.ts';
import {
  type AutomationAction,
  actionSchema,
  conditionsSchema,
  DEPTH_LIMIT_MESSAGE,
  MAX_ACTION_ATTEMPTS,
  MAX_AUTOMATION_DEPTH,
  retryDelaySeconds,
  triggerSchema,
} from '#src/domain/automations/schemas.ts';
import { type Actor, canOnContact } from '#src/domain/permissions.ts';
import { type ServerText, serverText, storedServerText } from '#src/domain/serverTexts.ts';
import type { ServiceContext, Tx } from '../context.ts';
import { leadToWire } from '../leads.ts';
import { PermanentActionError, runAction } from './actions.ts';
import { automationRunAs } from './author.ts';
import { nudge } from './nudge.ts';

type AutomationRow = typeof automations.$inferSelect;
type EventRow = typeof automationEvents.$inferSelect;
type RunRow = typeof automationRuns.$inferSelect;

/** One action's line in the run log. */
export interface RunStep {
  index: number;
  type: AutomationAction['type'];
  status: 'ok' | 'failed' | 'waiting';
  result?: string;
  /** The result as a message key and its parameters (src/domain/serverTexts.ts). */
  text_key?: string;
  text_params?: Record<string, unknown>;
  error?: string;
  attempts?: number;
  at: string;
  /** When the run goes on (after a wait or before the next try). */
  next_at?: string;
}

const actionsSchema = z.array(actionSchema);

/** Why a run was skipped, by its English words (RUN_AS_SKIPPED), as the key devices translate. */
const SKIP_TEXTS: Record<string, ServerText> = {
  [RUN_AS_SKIPPED.unknown]: serverText('automation.authorUnknown', {}),
  [RUN_AS_SKIPPED.deactivated]: serverText('automation.authorDeactivated', {}),
  [RUN_AS_SKIPPED.otherOrg]: serverText('automation.authorOtherOrg', {}),
  [RUN_AS_SKIPPED.noRight]: serverText('automation.authorNoRight', {}),
  [RUN_AS_SKIPPED.noExport]: serverText('automation.authorNoExport', {}),
  [RUN_AS_SKIPPED.leadOutOfReach]: serverText('automation.leadOutOfReach', {}),
};

/** A step's result as the key devices translate. */
const stepText = (text: ServerText) => ({ text_key: text.key, text_params: text.params });

/** A run's error columns: the English words, and their key when they have one. */
function runError(error: string | null, text?: ServerText) {
  const stored = storedServerText(text);
  return { error, error_key: stored.text_key, error_params: stored.text_params };
}

async function enabledAutomations(tx: Tx, orgId: number): Promise<AutomationRow[]> {
  return tx
    .select()
    .from(automations)
    .where(and(eq(automations.org_id, orgId), eq(automations.enabled, true), isNull(automations.deleted_at)));
}

/** The lead an event is about: the lead itself, or the lead of its note or appointment. */
function leadIdOf(event: Pick<EventRow, 'record_table' | 'record_id' | 'after' | 'before'>): string | null {
  if (event.record_table === 'contacts') return event.record_id;
  const row = (event.after ?? event.before ?? {}) as Record<string, unknown>;
  return typeof row.lead_id === 'string' ? row.lead_id : null;
}

async function currentLead(tx: Tx, orgId: number, leadId: string | null) {
  if (!leadId) return null;
  const [lead] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, leadId), eq(contacts.org_id, orgId)));
  return lead && !lead.deleted_at ? (leadToWire(lead) as Record<string, unknown>) : null;
}

interface NewRun {
  automation: AutomationRow;
  eventKey: string;
  eventType: string;
  recordTable: string | null;
  recordId: string | null;
  depth: number;
}

/**
 * Inserts the run unless this automation already has one for this event; a run past the depth
 * limit is recorded skipped with a log line. The id of a run to execute, if any.
 */
async function insertRun(tx: Tx, ctx: ServiceContext, run: NewRun): Promise<string | undefined> {
  const tooDeep = run.depth >= MAX_AUTOMATION_DEPTH;
  const now = ctx.now().toISOString();
  const [inserted] = await tx
    .insert(automationRuns)
    .values({
      org_id: run.automation.org_id,
      automation_id: run.automation.id,
      event_key: run.eventKey,
      event_type: run.eventType,
      record_table: run.recordTable,
      record_id: run.recordId,
      depth: run.depth,
      status: tooDeep ? 'skipped' : 'pending',
      ...(tooDeep
        ? runError(DEPTH_LIMIT_MESSAGE, serverText('automation.depthLimit', { limit: MAX_AUTOMATION_DEPTH }))
        : {}),
      started_at: now,
      finished_at: tooDeep ? now : null,
    })
    .onConflictDoNothing({ target: [automationRuns.automation_id, automationRuns.event_key] })
    .returning({ id: automationRuns.id });
  if (!inserted) return undefined;
  if (tooDeep) {
    console.log(
      `Automation "${run.automation.name}" (${run.automation.id}) on ${run.recordTable} ${run.recordId}: ${DEPTH_LIMIT_MESSAGE}`,
    );
    return undefined;
  }
  return inserted.id;
}

/** Runs the automations an event starts; the ids of the runs made. */
/** Each org's enabled automations, read once per dispatched batch (read in the batch's transaction). */
type OrgAutomations = (orgId: number) => Promise<AutomationRow[]>;

function orgAutomationsOnce(tx: Tx): OrgAutomations {
  const read = new Map<number, Promise<AutomationRow[]>>();
  return (orgId) => {
    let rows = read.get(orgId);
    if (!rows) {
      rows = enabledAutomations(tx, orgId);
      read.set(orgId, rows);
    }
    return rows;
  };
}

async function runsForEvent(
  tx: Tx,
  ctx: ServiceContext,
  event: EventRow,
  orgAutomations: OrgAutomations,
): Promise<string[]> {
  const facts = { type: event.type, before: event.before, after: event.after };
  const candidates = (await orgAutomations(event.org_id)).filter((a) => {
    const trigger = triggerSchema.safeParse(a.trigger);
    return trigger.success && matchesTrigger(trigger.data, facts);
  });
  if (!candidates.length) return [];
  const leadId = leadIdOf(event);
  const lead = (await currentLead(tx, event.org_id, leadId)) ?? (event.after as Record<string, unknown>);
  const out: string[] = [];
  for (const automation of candidates) {
    const conditions = conditionsSchema.safeParse(automation.conditions);
    if (!conditions.success || !conditionsHold(conditions.data, lead)) continue;
    const id = await insertRun(tx, ctx, {
      automation,
      eventKey: `event:${event.id}`,
      eventType: event.type,
      recordTable: event.record_table,
      recordId: event.record_id,
      depth: event.depth,
    });
    if (id) out.push(id);
  }
  return out;
}

/**
 * Takes events nobody dispatched yet (each by one instance only), makes their runs, then runs
 * them. Returns how many events it took.
 */
export async function dispatchAutomationEvents(ctx: ServiceContext, limit = 100): Promise<number> {
  const { events, runIds } = await ctx.db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(automationEvents)
      .where(isNull(automationEvents.dispatched_at))
      .orderBy(asc(automationEvents.created_at))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!pending.length) return { events: 0, runIds: [] as string[] };
    await tx
      .update(automationEvents)
      .set({ dispatched_at: ctx.now().toISOString() })
      .where(
        inArray(
          automationEvents.id,
          pending.map((e) => e.id),
        ),
      );
    const ids: string[] = [];
    const orgAutomations = orgAutomationsOnce(tx);
    for (const event of pending) ids.push(...(await runsForEvent(tx, ctx, event, orgAutomations)));
    return { events: pending.length, runIds: ids };
  });
  for (const id of runIds) await executeRun(ctx, id);
  return events;
}

async function saveRun(ctx: ServiceContext, id: string, values: Partial<RunRow>) {
  await ctx.db.update(automationRuns).set(values).where(eq(automationRuns.id, id));
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Executes a run if it is due and nobody else holds it, from its first unfinished action.
 * Returns the run's status afterwards, or undefined when it was not this caller's to run.
 */
export async function executeRun(ctx: ServiceContext, runId: string): Promise<string | undefined> {
  const [run] = await ctx.db
    .update(automationRuns)
    .set({ status: 'running', attempts: sql`${automationRuns.attempts} + 1` })
    .where(
      and(
        eq(automationRuns.id, runId),
        inArray(automationRuns.status, ['pending', 'waiting', 'retrying']),
        sql`coalesce((${automationRuns.steps}->-1->>'next_at')::timestamptz, '-infinity') <= ${ctx.now().toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (!run) return undefined;
  const finish = async (status: string, error: string | null, steps: RunStep[], text?: ServerText) => {
    await saveRun(ctx, run.id, {
      status,
      ...runError(error, text),
      steps,
      finished_at: ctx.now().toISOString(),
    });
    return status;
  };
  const [automation] = await ctx.db.select().from(automations).where(eq(automations.id, run.automation_id));
  const steps = [...(run.steps as RunStep[])];
  if (!automation || automation.deleted_at || !automation.enabled)
    return finish(
      'skipped',
      'stopped: the automation was disabled or deleted',
      steps,
      serverText('automation.stopped', {}),
    );
  const actions = actionsSchema.safeParse(automation.actions);
  if (!actions.success)
    return finish(
      'failed',
      'The automation has invalid actions.',
      steps,
      serverText('automation.invalidActions', {}),
    );

  const leadId =
    run.record_table === 'contacts'
      ? run.record_id
      : leadIdOf({
          record_table: run.record_table ?? '',
          record_id: run.record_id ?? '',
          ...(await eventRecord(ctx, run)),
        });
  // Each run acts as its author would now, with their own rights; if they may not, it is skipped.
  const runAs = await automationRunAs(ctx.db, automation, actions.data);
  const skipped = runAs.actor ? await leadOutOfReach(ctx, runAs.actor, leadId) : runAs.denial;
  if (!runAs.actor || skipped) {
    console.log(`Automation "${automation.name}" (${automation.id}) run ${run.id}: ${skipped}`);
    const reason = skipped ?? RUN_AS_SKIPPED.deactivated;
    return finish('skipped', reason, steps, SKIP_TEXTS[reason]);
  }
  const scope = {
    ctx: { ...ctx, automationDepth: run.depth + 1 },
    actor: runAs.actor,
    automation,
    leadId,
    runId: run.id,
  };
  for (let i = 0; i < actions.data.length; i++) {
    const action = actions.data[i] as AutomationAction;
    const previous = steps[i];
    if (previous?.status === 'ok') continue;
    const at = ctx.now();
    if (action.type === 'wait') {
      if (previous?.status === 'waiting') {
        steps[i] = {
          ...previous,
          status: 'ok',
          result: `waited ${action.minutes} min`,
          ...stepText(serverText('automation.waited', { minutes: action.minutes })),
          at: at.toISOString(),
        };
        delete steps[i]?.next_at;
        await saveRun(ctx, run.id, { steps });
        continue;
      }
      const nextAt = new Date(at.getTime() + action.minutes * 60_000);
      steps[i] = {
        index: i,
        type: 'wait',
        status: 'waiting',
        at: at.toISOString(),
        next_at: nextAt.toISOString(),
      };
      await saveRun(ctx, run.id, { status: 'waiting', steps });
      nudge(ctx.config, 'automation-run', { run_id: run.id }, action.minutes * 60);
      return 'waiting';
    }
    try {
      const { result, text } = await runAction(scope, action);
      steps[i] = {
        index: i,
        type: action.type,
        status: 'ok',
        result,
        ...stepText(text),
        at: ctx.now().toISOString(),
      };
      await saveRun(ctx, run.id, { steps });
    } catch (err) {
      const attempts = (previous?.status === 'failed' ? (previous.attempts ?? 0) : 0) + 1;
      const error = errorText(err);
      const final = err instanceof PermanentActionError || attempts >= MAX_ACTION_ATTEMPTS;
      const step: RunStep = {
        index: i,
        type: action.type,
        status: 'failed',
        error,
        attempts,
        at: at.toISOString(),
      };
      if (final) {
        steps[i] = step;
        console.error(`Automation "${automation.name}" (${automation.id}) run ${run.id} failed: ${error}`);
        return finish('failed', `${action.type}: ${error}`, steps);
      }
      const delay = retryDelaySeconds(attempts);
      steps[i] = { ...step, next_at: new Date(at.getTime() + delay * 1000).toISOString() };
      await saveRun(ctx, run.id, { status: 'retrying', error, steps });
      nudge(ctx.config, 'automation-run', { run_id: run.id }, delay);
      return 'retrying';
    }
  }
  return finish('succeeded', null, steps);
}

/** The skip reason when the run's lead exists but lies outside what its author may see. */
async function leadOutOfReach(
  ctx: ServiceContext,
  actor: Actor,
  leadId: string | null | undefined,
): Promise<string | undefined> {
  if (!leadId) return undefined;
  const [lead] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, leadId), eq(contacts.org_id, actor.org_id)));
  if (!lead || lead.deleted_at) return undefined;
  return canOnContact(actor, 'contacts.read', lead) ? undefined : RUN_AS_SKIPPED.leadOutOfReach;
}

/** The note or appointment a run's event was about (its lead id is in it). */
async function eventRecord(ctx: ServiceContext, run: RunRow) {
  const id = run.event_key.startsWith('event:') ? run.event_key.slice('event:'.length) : undefined;
  if (!id) return { before: null, after: null };
  const [event] = await ctx.db
    .select({ before: automationEvents.before, after: automationEvents.after })
    .from(automationEvents)
    .where(eq(automationEvents.id, id));
  return event ?? { before: null, after: null };
}

/** Runs whose time has come (after a wait, or for the next try), and runs a stopped instance left. */
export async function resumeDueRuns(ctx: ServiceContext, limit = 100): Promise<void> {
  const now = ctx.now();
  // A run left 'running' for ten minutes belonged to an instance that stopped: try it again.
  await ctx.db
    .update(automationRuns)
    .set({ status: 'retrying' })
    .where(
      and(
        eq(automationRuns.status, 'running'),
        lte(automationRuns.started_at, new Date(now.getTime() - 10 * 60_000).toISOString()),
        isNull(automationRuns.finished_at),
      ),
    );
  const due = await ctx.db
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(
      and(
        inArray(automationRuns.status, ['pending', 'waiting', 'retrying']),
        sql`coalesce((${automationRuns.steps}->-1->>'next_at')::timestamptz, '-infinity') <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(automationRuns.started_at))
    .limit(limit);
  for (const { id } of due) await executeRun(ctx, id);
}

const DAY_MS = 86_400_000;
const dayOf = (value: string | Date) => new Date(value).toISOString().slice(0, 10);

/**
 * The clock's triggers: N days in a status (once per stay in that status, counted from the last
 * status change) and a date field reached (once per date, on the day or the day after).
 */
export async function runTimeTriggers(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  const all = await ctx.db
    .select()
    .from(automations)
    .where(and(eq(automations.enabled, true), isNull(automations.deleted_at)));
  const made: string[] = [];
  for (const automation of all) {
    const trigger = triggerSchema.safeParse(automation.trigger);
    if (!trigger.success) continue;
    const t = trigger.data;
    if (t.type !== 'days_in_status' && t.type !== 'date_reached') continue;
    const conditions = conditionsSchema.safeParse(automation.conditions);
    const leads = await ctx.db
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.org_id, automation.org_id),
          isNull(contacts.deleted_at),
          t.type === 'days_in_status'
            ? and(
                eq(contacts.deal_stage_status, t.status),
                lte(contacts.last_touched_at, new Date(now.getTime() - t.days * DAY_MS).toISOString()),
              )
            : sql`true`,
        ),
      )
      .limit(5000);
    const ids = await ctx.db.transaction(async (tx) => {
      const out: string[] = [];
      for (const row of leads) {
        const lead = leadToWire(row) as Record<string, unknown>;
        let occasion: string | undefined;
        if (t.type === 'days_in_status') {
          occasion = row.last_touched_at ? `${STATUS_FIELD}:${dayOf(row.last_touched_at)}` : undefined;
        } else {
          const value = lead[t.field];
          const date =
            typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? dayOf(value) : undefined;
          const today = dayOf(now);
          const yesterday = dayOf(new Date(now.getTime() - DAY_MS));
          occasion = date && (date === today || date === yesterday) ? `${t.field}:${date}` : undefined;
        }
        if (!occasion) continue;
        if (!conditions.success || !conditionsHold(conditions.data, lead)) continue;
        const id = await insertRun(tx, ctx, {
          automation,
          eventKey: timeEventKey(automation.id, row.id, occasion),
          eventType: `time.${t.type}`,
          recordTable: 'contacts',
          recordId: row.id,
          depth: 0,
        });
        if (id) out.push(id);
      }
      return out;
    });
    made.push(...ids);
  }
  for (const id of made) await executeRun(ctx, id);
  return made.length;
}

/** How long dispatched events are kept (their runs keep what happened). */
const EVENT_RETENTION_DAYS = 30;

/** The minute's sweep: events a nudge missed, runs whose time came; old dispatched events go. */
export async function sweepAutomations(ctx: ServiceContext): Promise<void> {
  while ((await dispatchAutomationEvents(ctx)) > 0) {
    // Keep taking batches until none is left.
  }
  await resumeDueRuns(ctx);
  const before = new Date(ctx.now().getTime() - EVENT_RETENTION_DAYS * DAY_MS).toISOString();
  await ctx.db
    .delete(automationEvents)
    .where(
      and(sql`${automationEvents.dispatched_at} IS NOT NULL`, lte(automationEvents.dispatched_at, before)),
    );
}
