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
