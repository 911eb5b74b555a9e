import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
import { countByStage } from './pipeline.ts';

describe('contacts by stage', () => {
  it('counts every contact once, configured stages first in their order, others after', () => {
    const [first, second] = DEFAULT_DEAL_STAGES;
    const rows = [
      { deal_stage: first?.value },
      { deal_stage: second?.value },
      { deal_stage: first?.value },
      { deal_stage: 'Retired stage' },
      { deal_stage: null },
      {},
    ];
    const counts = countByStage(rows, DEFAULT_DEAL_STAGES);
    expect(counts.map((c) => c.stage)).toEqual([
      ...DEFAULT_DEAL_STAGES.map((s) => s.value),
      'Retired stage',
      '',
    ]);
    expect(counts[0]?.count).toBe(2);
    expect(counts[1]?.count).toBe(1);
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe(rows.length);
  });

  it('lists every configured stage even with no contacts', () => {
    expect(countByStage([], DEFAULT_DEAL_STAGES).every((c) => c.count === 0)).toBe(true);
  });
});
