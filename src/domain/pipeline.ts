import type { DealStage } from './dealStages.ts';

export interface StageCount {
  stage: string;
  color: string;
  count: number;
}

/**
 * Contacts per deal stage, in the org's stage order; contacts on a stage the configuration no
 * longer has are counted under their own stage name after the configured ones.
 */
export function countByStage(
  rows: readonly Record<string, unknown>[],
  stages: readonly DealStage[],
  unknownColor = '#868e96',
): StageCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const stage = typeof row.deal_stage === 'string' && row.deal_stage ? row.deal_stage : '';
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  const out: StageCount[] = stages.map((s) => ({
    stage: s.value,
    color: s.color,
    count: counts.get(s.value) ?? 0,
  }));
  for (const s of stages) counts.delete(s.value);
  for (const [stage, count] of counts) out.push({ stage, color: unknownColor, count });
  return out;
}

/** A person's or team's contacts through the pipeline. */
export interface DealFigures {
  /** Every contact. */
  leads: number;
  /** Past the first stage and not yet in the last (the deals being worked). */
  activeDeals: number;
  /** In the last stage: sold. */
  sales: number;
}

/** The stage from which a contact counts as sold: the one named Customer, else the last. */
export function soldFrom(stages: readonly DealStage[]): number {
  const customer = stages.findIndex((s) => s.value.trim().toLowerCase() === 'customer');
  return customer >= 0 ? customer : stages.length - 1;
}

/**
 * Where contacts stand in the org's pipeline, by stage order: the first stage is prospecting; from
 * the Customer stage on (the last stage when none is so named) a contact is sold; the stages
 * between hold active deals. A contact on a stage the configuration does not have counts as a
 * lead only.
 */
export function dealFigures(
  rows: readonly Record<string, unknown>[],
  stages: readonly DealStage[],
): DealFigures {
  const sold = soldFrom(stages);
  const position = new Map(stages.map((s, i) => [s.value, i]));
  let activeDeals = 0;
  let sales = 0;
  for (const row of rows) {
    const at = position.get(String(row.deal_stage ?? ''));
    if (at === undefined || sold < 1) continue;
    if (at >= sold) sales++;
    else if (at > 0) activeDeals++;
  }
  return { leads: rows.length, activeDeals, sales };
}
