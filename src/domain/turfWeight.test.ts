import { describe, expect, it } from 'vitest';
import { doorWeights, expectedValue } from './turfWeight.ts';

describe('what a door weighs', () => {
  it.each<[string, Record<string, unknown>, number | null]>([
    ['its deal', { contract_amount: 30000, annual_cost: 2400 }, 30000],
    ['its yearly electricity cost', { annual_cost: 2400, monthly_cost: 100 }, 2400],
    ['twelve monthly costs', { monthly_cost: 150 }, 1800],
    ['twelve monthly bills', { bill: 120 }, 1440],
    ['twelve bills of its utility data', { ecl_data: { bill: 90 } }, 1080],
    ['nothing known', { name: 'Dana' }, null],
    ['a zero or broken figure is nothing known', { contract_amount: 0, bill: Number.NaN }, null],
  ])('%s', (_name, door, value) => {
    expect(expectedValue(door)).toBe(value);
  });

  const weigh = (doors: Record<string, unknown>[], mode: 'count' | 'value') =>
    doorWeights(
      doors.map((door) => expectedValue(door)),
      mode,
    );

  it('counts every door one when counting doors', () => {
    expect(weigh([{ contract_amount: 9 }, {}], 'count')).toEqual([1, 1]);
  });

  it('gives a door without figures the median of the known ones', () => {
    expect(weigh([{ bill: 100 }, {}, { annual_cost: 3000 }, { contract_amount: 20000 }], 'value')).toEqual([
      1200, 3000, 3000, 20000,
    ]);
    expect(weigh([{ bill: 100 }, {}, { bill: 200 }], 'value')).toEqual([1200, 1800, 2400]);
  });

  it('counts doors when none has a figure', () => {
    expect(weigh([{}, {}], 'value')).toEqual([1, 1]);
    expect(weigh([], 'value')).toEqual([]);
  });
});
