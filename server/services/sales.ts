/**
 * An org's sales on the server, by the one definition the devices count them with
 * (src/domain/sales.ts): its live contacts on the sold stage, with the deal fields their `data`
 * holds, dated by their Contract Signed Date or by their last move onto the sold stage (the
 * 'moved_to' activities). Contest standings and the weekly winners start from these.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { StageMove } from '#src/domain/monthlySales.ts';
import { soldFrom } from '#src/domain/pipeline.ts';
import { type Sale, salesOf, soldDays } from '#src/domain/sales.ts';
import { activities, contacts } from '../db/schema.ts';
import type { Tx } from './context.ts';
import { dealStageConfig } from './interfaces.ts';

/** Every sale of the org (whatever its day), in its deal stages (read when not given). */
export async function orgSales(tx: Tx, orgId: number, given?: readonly DealStage[]): Promise<Sale[]> {
  const stages = given ?? (await dealStageConfig(tx, orgId));
  const sold = soldFrom(stages);
  if (sold < 1) return [];
  const soldStages = stages.slice(sold).map((s) => s.value);
  // One after another: the statements share the transaction's one connection.
  const rows = await tx
    .select({
      _id: contacts.id,
      owner_id: contacts.owner_id,
      team_id: contacts.team_id,
      deal_stage: contacts.deal_stage,
      deal_stage_status: contacts.deal_stage_status,
      contract_amount: sql<unknown>`${contacts.data}->'contract_amount'`,
      system_size_kw: sql<unknown>`${contacts.data}->'system_size_kw'`,
      contract_signed_date: sql<unknown>`${contacts.data}->'contract_signed_date'`,
    })
    .from(contacts)
    .where(
      and(eq(contacts.org_id, orgId), isNull(contacts.deleted_at), inArray(contacts.deal_stage, soldStages)),
    );
  // Only moves onto a sold stage can date a sale.
  const moved = await tx
    .select({ date: activities.date, lead_refs: activities.lead_refs, data: activities.data })
    .from(activities)
    .where(
      and(
        eq(activities.org_id, orgId),
        eq(activities.type, 'moved_to'),
        isNull(activities.deleted_at),
        inArray(sql<string>`${activities.data}->>'new'`, soldStages),
      ),
    );
  const moves: StageMove[] = [];
  for (const m of moved) {
    const lead = m.lead_refs[0];
    const data = m.data as Record<string, unknown>;
    if (!lead) continue;
    moves.push({
      lead_id: lead,
      from: typeof data.old === 'string' ? data.old : null,
      to: typeof data.new === 'string' ? data.new : null,
      date: m.date,
    });
  }
  return salesOf(rows, stages, soldDays(moves, stages));
}
