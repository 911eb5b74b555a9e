/**
 * The leads data logger (SPEC section 7's serverless function): one event about a lead's data,
 * kept in the append-only events stream (`events`, as the device's event sync writes them) with
 * the lead as its `ref` and `contacts` as its table. Only a lead the caller may see is logged; a
 * resent event (same `id`) changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { type Actor, canOnContact } from '#src/domain/permissions.ts';
import type { LeadDataLogInput } from '#src/domain/schemas/activity.ts';
import { contacts, events } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { conflict, notFound } from './serviceError.ts';

export async function logLeadData(ctx: ServiceContext, actor: Actor, input: LeadDataLogInput) {
  const [lead] = await ctx.db
    .select()
    .from(contacts)
    .where(
      and(eq(contacts.id, input.lead_id), eq(contacts.org_id, actor.org_id), isNull(contacts.deleted_at)),
    );
  if (!lead || !canOnContact(actor, 'contacts.read', lead))
    throw notFound('This lead does not exist or is not yours to see.');
  const id = input.id ?? randomUUID();
  const inserted = await ctx.db
    .insert(events)
    .values({
      id,
      org_id: actor.org_id,
      user_id: actor.user_id,
      session_id: input.session_id ?? null,
      type: input.type,
      ref: input.lead_id,
      table_name: 'contacts',
      value: input.value ?? null,
      timestamp: input.timestamp ?? ctx.now().toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: events.id });
  if (!inserted.length) {
    // Sent again: harmless when it is the caller's own event of this lead, else the id is taken.
    const [existing] = await ctx.db
      .select({ user_id: events.user_id, ref: events.ref })
      .from(events)
      .where(eq(events.id, id));
    if (existing?.user_id !== actor.user_id || existing.ref !== input.lead_id)
      throw conflict('An event with this id already exists.');
  }
  return { id, lead_id: input.lead_id, type: input.type };
}
