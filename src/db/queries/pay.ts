/** What 'My pay' reads on the device: the org's pay plan and contacts' status events. */
import { DEFAULT_PAY_PLAN, type PayPlan, type StatusEvent } from '#src/domain/pay.ts';
import { PAY_PLAN_KEY, payPlanSchema } from '#src/domain/schemas/payPlan.ts';
import type { CrmDatabase } from '../database.ts';

/** The org's pay plan as last pulled (the `pay_plan` interface), or the standard plan. */
export async function orgPayPlan(db: CrmDatabase): Promise<PayPlan> {
  const row = await db.interfaces.where('key').equals(PAY_PLAN_KEY).first();
  const parsed = payPlanSchema.safeParse(row && !row.deleted_at ? row.data : undefined);
  return parsed.success ? parsed.data : DEFAULT_PAY_PLAN;
}

/** Each contact's status changes (the 'lead_status_change' activity) at or after `since`, by contact. */
export async function statusEventsSince(db: CrmDatabase, since: Date): Promise<Map<string, StatusEvent[]>> {
  const rows = await db.activities.where('date').aboveOrEqual(since.toISOString()).toArray();
  const events = new Map<string, StatusEvent[]>();
  for (const row of rows) {
    if (row.type !== 'lead_status_change' || row.deleted_at || !Array.isArray(row.lead_refs)) continue;
    // A pull puts the activity's details on the row itself; rows written on the device keep `data`.
    const data = (row.data && typeof row.data === 'object' ? row.data : row) as Record<string, unknown>;
    const lead = row.lead_refs[0];
    if (typeof lead !== 'string' || typeof row.date !== 'string' || typeof data.new !== 'string') continue;
    const list = events.get(lead) ?? [];
    list.push({ status: data.new, date: row.date });
    events.set(lead, list);
  }
  return events;
}
