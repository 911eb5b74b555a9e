/** Automation runs made by hand in contract tests: one queued for a lead, or queued and run at once. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { automationRuns } from '#server/db/schema.ts';
import { executeRun } from '#server/services/automations/runner.ts';
import type { ServiceContext } from '#server/services/context.ts';

/** A pending run of the automation for the lead, as a lead's change would queue it: its id. */
export async function queueRun(
  db: Database,
  org: number,
  automationId: string,
  leadId: string,
): Promise<string> {
  const [row] = await db
    .insert(automationRuns)
    .values({
      org_id: org,
      automation_id: automationId,
      event_key: `test:${randomUUID()}`,
      event_type: 'lead.updated',
      status: 'pending',
      record_table: 'contacts',
      record_id: leadId,
    })
    .returning();
  return row?.id as string;
}

/** A run of the automation for the lead, executed now; the run as recorded. */
export async function runNow(ctx: ServiceContext, org: number, automationId: string, leadId: string) {
  const id = await queueRun(ctx.db, org, automationId, leadId);
  await executeRun(ctx, id);
  const [after] = await ctx.db.select().from(automationRuns).where(eq(automationRuns.id, id));
  return after;
}
