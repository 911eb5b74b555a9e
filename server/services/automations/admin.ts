/**
 * What admins read of automations online: the list (the spec's `GET fetch_automations`), each
 * automation's run log, and the last run of each (the list's status column).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { selectRows } from '#server/db/client.ts';
import { automationRuns, automations, contacts } from '#server/db/schema.ts';
import { type Actor, can, canOnContact } from '#src/domain/permissions.ts';
import type { ServiceContext } from '../context.ts';
import { forbidden, notFound } from '../serviceError.ts';

type AutomationRow = typeof automations.$inferSelect;
type RunRow = typeof automationRuns.$inferSelect;

function requireManager(actor: Actor) {
  if (!can(actor, 'automations.manage')) throw forbidden('Only admins can manage automations.');
}

function automationToWire(row: AutomationRow) {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    trigger: row.trigger,
    conditions: row.conditions,
    actions: row.actions,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function runToWire(row: RunRow) {
  return {
    _id: row.id,
    automation_id: row.automation_id,
    event_type: row.event_type,
    record_table: row.record_table,
    record_id: row.record_id,
    depth: row.depth,
    status: row.status,
    steps: row.steps,
    error: row.error,
    error_key: row.error_key,
    error_params: row.error_params,
    attempts: row.attempts,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** The org's automations, oldest first (GET /api/fetch_automations). */
export async function fetchAutomations(ctx: ServiceContext, actor: Actor) {
  requireManager(actor);
  const rows = await ctx.db
    .select()
    .from(automations)
    .where(and(eq(automations.org_id, actor.org_id), isNull(automations.deleted_at)))
    .orderBy(automations.created_at);
  return { data: rows.map(automationToWire) };
}

/** One automation's runs, newest first. */
export async function automationRunLog(ctx: ServiceContext, actor: Actor, id: string, limit = 50) {
  requireManager(actor);
  const [automation] = await ctx.db
    .select({ id: automations.id })
    .from(automations)
    .where(and(eq(automations.id, id), eq(automations.org_id, actor.org_id)));
  if (!automation) throw notFound('This automation does not exist.');
  const rows = await ctx.db
    .select()
    .from(automationRuns)
    .where(and(eq(automationRuns.org_id, actor.org_id), eq(automationRuns.automation_id, id)))
    .orderBy(desc(automationRuns.started_at))
    .limit(limit);
  // Which record: a lead by its name, when the reader may see that lead.
  const leadIds = [
    ...new Set(rows.flatMap((r) => (r.record_table === 'contacts' && r.record_id ? [r.record_id] : []))),
  ];
  const names = new Map(
    leadIds.length
      ? (
          await ctx.db
            .select()
            .from(contacts)
            .where(and(eq(contacts.org_id, actor.org_id), inArray(contacts.id, leadIds)))
        )
          .filter((c) => canOnContact(actor, 'contacts.read', c))
          .map((c) => [c.id, c.name])
      : [],
  );
  return {
    data: rows.map((r) => ({
      ...runToWire(r),
      record_name: (r.record_id && names.get(r.record_id)) || null,
    })),
  };
}

/** The last run of each of the org's automations. */
export async function lastRuns(ctx: ServiceContext, actor: Actor) {
  requireManager(actor);
  const rows = await selectRows(
    ctx.db,
    sql`SELECT DISTINCT ON (automation_id) automation_id, status, started_at, finished_at, error
        FROM ${automationRuns} WHERE org_id = ${actor.org_id}
        ORDER BY automation_id, started_at DESC`,
  );
  return {
    data: rows.map((r) => ({
      automation_id: String(r.automation_id),
      status: String(r.status),
      started_at: new Date(r.started_at as string).toISOString(),
      finished_at: r.finished_at ? new Date(r.finished_at as string).toISOString() : null,
      error: (r.error as string | null) ?? null,
    })),
  };
}
