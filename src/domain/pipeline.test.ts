import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
import { countByStage, dealFigures } from './pipeline.ts';

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

describe('deal figures', () => {
  it('counts the first stage as prospecting, Customer and after as sold and those between as active deals', () => {
    const rows = ['Contact', 'Lead', 'Lead', 'Customer', 'Service', 'Retired'].map((deal_stage) => ({
      deal_stage,
    }));
    expect(dealFigures(rows, DEFAULT_DEAL_STAGES)).toEqual({ leads: 6, activeDeals: 2, sales: 2 });
  });

  it('takes the last stage as sold when none is named Customer', () => {
    const stages = DEFAULT_DEAL_STAGES.slice(0, 2);
    const rows = ['Contact', 'Lead'].map((deal_stage) => ({ deal_stage }));
    expect(dealFigures(rows, stages)).toEqual({ leads: 2, activeDeals: 0, sales: 1 });
  });

  it('counts nothing as a deal in a pipeline of one stage', () => {
    const [only] = DEFAULT_DEAL_STAGES;
    expect(dealFigures([{ deal_stage: only?.value }], only ? [only] : [])).toEqual({
      leads: 1,
      activeDeals: 0,
      sales: 0,
    });
  });
});
