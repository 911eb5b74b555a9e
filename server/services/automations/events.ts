/**
 * The automations' outbox: a change that automations (and outgoing webhooks) may act on is
 * written as an event in the change's own transaction, so a rolled-back change leaves none and a
 * committed one is never lost. A job dispatches it soon after (see {@link nudge}); a sweep every
 * minute catches anything a nudge missed.
 */

import { automationEvents } from '#server/db/schema.ts';
import {
  type AutomationEventFacts,
  type AutomationEventType,
  webhookEventOf,
} from '#src/domain/automations/rules.ts';
import type { Actor } from '#src/domain/permissions.ts';
import type { ServiceContext, Tx } from '../context.ts';
import { enqueueWebhook } from '../webhooks.ts';
import { nudge } from './nudge.ts';

export interface RecordedChange {
  type: AutomationEventType;
  table: 'contacts' | 'notes' | 'appointments';
  recordId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes the event in the caller's transaction, with the depth of the write (0 for a person's). */
export async function recordAutomationEvent(
  ctx: ServiceContext,
  tx: Tx,
  actor: Actor,
  change: RecordedChange,
): Promise<void> {
  const before = change.before ?? null;
  const after = change.after ?? null;
  await tx.insert(automationEvents).values({
    org_id: actor.org_id,
    type: change.type,
    record_table: change.table,
    record_id: change.recordId,
    before,
    after,
    actor_id: actor.user_id,
    depth: ctx.automationDepth ?? 0,
  });
  const facts: AutomationEventFacts = { type: change.type, before, after };
  const webhookType = webhookEventOf(facts);
  if (webhookType) {
    await enqueueWebhook(ctx, tx, actor.org_id, webhookType, {
      record_table: change.table,
      record_id: change.recordId,
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
    });
  }
  nudge(ctx.config, 'automation-dispatch');
}

/** A note or appointment saved through the records service: the event it makes, if any. */
export async function recordSavedEvent(
  ctx: ServiceContext,
  tx: Tx,
  actor: Actor,
  table: string,
  existing: Record<string, unknown> | undefined,
  row: Record<string, unknown>,
): Promise<void> {
  if (table === 'notes' && !existing) {
    await recordAutomationEvent(ctx, tx, actor, {
      type: 'note.added',
      table,
      recordId: String(row.id),
      after: row,
    });
  }
  if (table === 'appointments') {
    const type = existing ? 'appointment.changed' : 'appointment.set';
    await recordAutomationEvent(ctx, tx, actor, {
      type,
      table,
      recordId: String(row.id),
      before: existing ?? null,
      after: row,
    });
  }
}
