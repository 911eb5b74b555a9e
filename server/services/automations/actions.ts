/**
 * What each automation action does, as its author (the run's actor), through the same services a
 * person's change goes through (lead edit, records, notifications, webhooks), so every rule,
 * permission, version and activity applies: an automation never reaches a lead its author cannot.
 * The write carries the run's depth + 1 (ctx.automationDepth), so the events it records can
 * start further automations only up to the depth limit.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import { automations, contacts, teamMembers, teams, users } from '#server/db/schema.ts';
import { roundRobinPick } from '#src/domain/automations/rules.ts';
import type { AutomationAction } from '#src/domain/automations/schemas.ts';
import { notificationLinks } from '#src/domain/notificationLinks.ts';
import { type Actor, canOnContact } from '#src/domain/permissions.ts';
import { leadEditSchema } from '#src/domain/schemas/lead.ts';
import { type ServerText, serverText } from '#src/domain/serverTexts.ts';
import { describeZodError } from '#src/domain/validation.ts';
import type { ServiceContext, Tx } from '../context.ts';
import { editLead, recordActivity } from '../leads.ts';
import { notifyUsers } from '../notify.ts';
import { saveRecord } from '../records.ts';
import { ServiceError } from '../serviceError.ts';
import { inVersionedTransaction } from '../versions.ts';
import { enqueueWebhook } from '../webhooks.ts';

type AutomationRow = typeof automations.$inferSelect;
type LeadRow = typeof contacts.$inferSelect;

/** A failure that trying again cannot fix (bad settings, a refused change): no retries. */
export class PermanentActionError extends Error {}

/**
 * What an action did, for the run log: in English (`result`, what older readers show) and as a
 * message key with its parameters that devices say in their reader's language.
 */
interface ActionResult {
  result: string;
  text: ServerText;
}

const done = (result: string, text: ServerText): ActionResult => ({ result, text });

export interface ActionScope {
  ctx: ServiceContext;
  actor: Actor;
  automation: AutomationRow;
  leadId: string | null;
  runId: string;
}

async function loadLead(tx: Tx, actor: Actor, leadId: string | null): Promise<LeadRow> {
  if (!leadId) throw new PermanentActionError('This event has no lead to act on.');
  const [lead] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, leadId), eq(contacts.org_id, actor.org_id)));
  if (!lead || lead.deleted_at) throw new PermanentActionError('The lead no longer exists.');
  if (!canOnContact(actor, 'contacts.read', lead))
    throw new PermanentActionError('The lead is outside what the automation’s author may see.');
  return lead;
}

/** A lead edit as a person's, refused (never retried) when the fields are not a valid edit. */
async function edit(scope: ActionScope, fields: Record<string, unknown>) {
  const parsed = leadEditSchema.safeParse({ _id: scope.leadId, ...fields });
  if (!parsed.success) throw new PermanentActionError(describeZodError(parsed.error));
  try {
    return await editLead(scope.ctx, scope.actor, parsed.data);
  } catch (err) {
    if (err instanceof ServiceError && !err.transient) throw new PermanentActionError(err.message);
    throw err;
  }
}

/** Active members of the org's team, for a round-robin. */
async function teamPeople(tx: Tx, orgId: number, teamId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.user_id))
    .where(
      and(
        eq(teamMembers.team_id, teamId),
        eq(teamMembers.org_id, orgId),
        isNull(teamMembers.deleted_at),
        isNull(users.deleted_at),
        eq(users.active, true),
      ),
    );
  return rows.map((r) => r.id);
}

/** The managers of the lead's team: its leader and members with the Leader or Manager role. */
async function teamManagers(tx: Tx, orgId: number, teamId: string | null): Promise<string[]> {
  if (!teamId) return [];
  const [team] = await tx
    .select({ leader_id: teams.leader_id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.org_id, orgId)));
  const managers = await tx
    .select({ id: teamMembers.user_id })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.team_id, teamId),
        isNull(teamMembers.deleted_at),
        or(eq(teamMembers.role, 'Manager'), eq(teamMembers.role, 'Leader')),
      ),
    );
  return [...(team?.leader_id ? [team.leader_id] : []), ...managers.map((m) => m.id)];
}

async function roundRobin(
  scope: ActionScope,
  action: Extract<AutomationAction, { type: 'assign_round_robin' }>,
) {
  const { ctx, automation } = scope;
  const lead = await loadLead(ctx.db, scope.actor, scope.leadId);
  const people = await teamPeople(ctx.db, automation.org_id, action.team_id);
  if (!people.length) throw new PermanentActionError('The team has no active members to assign.');
  // The cursor is read and moved under a row lock, so two runs at once pick two people.
  const [locked] = await ctx.db
    .select({ state: automations.state })
    .from(automations)
    .where(eq(automations.id, automation.id))
    .for('update');
  const state = (locked?.state ?? {}) as Record<string, unknown>;
  const cursors = (state.round_robin ?? {}) as Record<string, string>;
  const key = `${action.team_id}:${action.role}`;
  const pick = roundRobinPick(people, cursors[key]) as string;
  await ctx.db
    .update(automations)
    .set({ state: { ...state, round_robin: { ...cursors, [key]: pick } } })
    .where(eq(automations.id, automation.id));
  if (action.role === 'owner') await edit(scope, { owner_id: pick });
  else {
    const consultants = lead.energy_consultants ?? [];
    if (!consultants.includes(pick)) await edit(scope, { energy_consultants: [...consultants, pick] });
  }
  return done(
    `assigned ${action.role === 'owner' ? 'owner' : 'energy consultant'} ${pick}`,
    serverText('automation.assigned', { role: action.role, user: pick }),
  );
}

async function notify(
  scope: ActionScope,
  action: Extract<AutomationAction, { type: 'notify' }>,
  version: number,
) {
  const { ctx, actor } = scope;
  const lead = scope.leadId ? await loadLead(ctx.db, actor, scope.leadId) : undefined;
  const wanted = new Set<string>(action.user_ids);
  if (lead) {
    if (action.recipients.includes('owner') && lead.owner_id) wanted.add(lead.owner_id);
    if (action.recipients.includes('energy_consultants'))
      for (const id of lead.energy_consultants ?? []) wanted.add(id);
    if (action.recipients.includes('team_managers'))
      for (const id of await teamManagers(ctx.db, actor.org_id, lead.team_id)) wanted.add(id);
  }
  if (!wanted.size) return done('nobody to notify', serverText('automation.nobodyToNotify', {}));
  const told = await notifyUsers(ctx.db, actor, version, wanted, {
    title: action.title,
    message: action.message || (lead?.name ? `${action.title}: ${lead.name}` : action.title),
    link: lead ? notificationLinks.lead(lead.id) : null,
  });
  return done(
    `notified ${told.length} ${told.length === 1 ? 'person' : 'people'}`,
    serverText('automation.notified', { count: told.length }),
  );
}

async function webhook(scope: ActionScope, action: Extract<AutomationAction, { type: 'webhook' }>) {
  const { ctx, actor, automation } = scope;
  const lead = scope.leadId ? await loadLead(ctx.db, actor, scope.leadId) : undefined;
  const [messageId] = await enqueueWebhook(
    ctx,
    ctx.db,
    actor.org_id,
    'automation.webhook',
    {
      automation: { id: automation.id, name: automation.name },
      run_id: scope.runId,
      lead: lead
        ? {
            id: lead.id,
            name: lead.name,
            deal_stage: lead.deal_stage,
            deal_stage_status: lead.deal_stage_status,
            owner_id: lead.owner_id,
            team_id: lead.team_id,
          }
        : null,
    },
    action.endpoint_id,
  );
  if (!messageId)
    throw new PermanentActionError(
      'The webhook endpoint is missing or disabled, or whoever last saved it may no longer send leads out of the app.',
    );
  return done(`webhook queued (${messageId})`, serverText('automation.webhookQueued', { id: messageId }));
}

/**
 * Runs one action (not `wait`, which the runner handles) in its own transaction; what it did. The
 * transaction takes the org's version first (versions.ts) and every write of the action carries it.
 */
export async function runAction(scope: ActionScope, action: AutomationAction): Promise<ActionResult> {
  return inVersionedTransaction(scope.ctx, scope.actor.org_id, async (tx, version) => {
    const inner: ActionScope = {
      ...scope,
      ctx: { ...scope.ctx, db: tx as ServiceContext['db'], batch: { version } },
    };
    switch (action.type) {
      case 'assign_round_robin':
        return roundRobin(inner, action);
      case 'set_field':
        await edit(inner, { [action.field]: action.value });
        return done(`set ${action.field}`, serverText('automation.fieldSet', { field: action.field }));
      case 'change_status':
        await edit(inner, { deal_stage_status: action.status });
        return done(
          `status set to ${action.status}`,
          serverText('automation.statusSet', { status: action.status }),
        );
      case 'create_note': {
        const id = randomUUID();
        await saveRecord(inner.ctx, inner.actor, {
          table: 'notes',
          id,
          create: true,
          fields: { lead_id: inner.leadId, type: 'Lead', subject: action.subject, body: action.body },
        });
        return done(`note ${id} added`, serverText('automation.noteAdded', { id }));
      }
      case 'create_activity': {
        await loadLead(tx, inner.actor, inner.leadId);
        await recordActivity(tx, inner.actor, version, inner.leadId as string, 'automation', action.message, {
          automation_id: inner.automation.id,
        });
        return done('activity recorded', serverText('automation.activityRecorded', {}));
      }
      case 'notify':
        return notify(inner, action, version);
      case 'webhook':
        return webhook(inner, action);
      default:
        throw new PermanentActionError(`Unknown action ${action.type}.`);
    }
  });
}
