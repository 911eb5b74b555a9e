import { describe, expect, it } from 'vitest';
import { DEFAULT_PAY_PLAN } from '#src/domain/pay.ts';
import { closerPercent, type PayPlanForm, payPlanFormOf, payPlanOf } from './payPlanForm.ts';

const FORM = payPlanFormOf(DEFAULT_PAY_PLAN);

describe('payPlanOf', () => {
  it('gives back the plan its form was made of', () => {
    expect(payPlanOf(FORM)).toEqual({ plan: DEFAULT_PAY_PLAN });
  });

  it.each<[string, Partial<PayPlanForm>, object]>([
    ['a typed rate with a dollar sign', { rate: '$0.125' }, { plan: { ...DEFAULT_PAY_PLAN, rate: 0.125 } }],
    [
      'the closer takes what the setter leaves',
      { setter: '33.33' },
      { plan: { ...DEFAULT_PAY_PLAN, split: { setter: 33.33, closer: 66.67 } } },
    ],
    ['no name', { name: '  ' }, { problem: 'name' }],
    ['a rate that is not a number', { rate: 'ten' }, { problem: 'rate' }],
    ['a per watt rate over $100', { rate: '150' }, { problem: 'rate' }],
    ['a per deal rate with tenths of a cent', { basis: 'per_deal', rate: '10.005' }, { problem: 'rate' }],
    ['a setter over 100%', { setter: '120' }, { problem: 'split' }],
    [
      'shares not adding up to 100',
      { milestones: [{ status: 'Contract Signed', share: '40' }] },
      { problem: 'shares' },
    ],
    [
      'a share that is not a number',
      { milestones: [{ status: 'Contract Signed', share: 'half' }] },
      { problem: 'shares' },
    ],
    [
      'the same status twice',
      {
        milestones: [
          { status: 'Contract Signed', share: '50' },
          { status: 'Contract Signed', share: '50' },
        ],
      },
      { problem: 'statuses' },
    ],
    ['no status', { milestones: [{ status: '', share: '100' }] }, { problem: 'statuses' }],
    ['clawback days that are not whole', { clawbackDays: '1.5' }, { problem: 'days' }],
  ])('%s', (_name, change, outcome) => {
    expect(payPlanOf({ ...FORM, ...change })).toEqual(outcome);
  });
});

describe('closerPercent', () => {
  it.each([
    ['40', '60'],
    ['33.33', '66.67'],
    ['100', '0'],
    ['120', ''],
    ['x', ''],
  ])('%s → %s', (setter, closer) => {
    expect(closerPercent(setter)).toBe(closer);
  });
});
