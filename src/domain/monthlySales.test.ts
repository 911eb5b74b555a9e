import { describe, expect, it } from 'vitest';
import type { DealStage } from './dealStages.ts';
import { monthStart, type StageMove, salesSince } from './monthlySales.ts';

const stage = (value: string): DealStage => ({
  label: value,
  value,
  is_stage: true,
  color: '#000000',
  options: [],
});
const STAGES = ['Contact', 'Lead', 'Customer', 'Service'].map(stage);
const since = new Date('2026-03-01T00:00:00Z');
const move = (lead_id: string, from: string | null, to: string | null, date: string): StageMove => ({
  lead_id,
  from,
  to,
  date,
});

describe('sales since a date', () => {
  it.each([
    [
      'sold this month',
      [{ _id: 'a', deal_stage: 'Customer' }],
      [move('a', 'Lead', 'Customer', '2026-03-05T10:00:00Z')],
      1,
    ],
    [
      'sold last month',
      [{ _id: 'a', deal_stage: 'Customer' }],
      [move('a', 'Lead', 'Customer', '2026-02-27T10:00:00Z')],
      0,
    ],
    [
      'moved on between sold stages this month (sold before)',
      [{ _id: 'a', deal_stage: 'Service' }],
      [
        move('a', 'Lead', 'Customer', '2026-02-01T10:00:00Z'),
        move('a', 'Customer', 'Service', '2026-03-02T10:00:00Z'),
      ],
      0,
    ],
    [
      'sold this month, since moved back',
      [{ _id: 'a', deal_stage: 'Lead' }],
      [move('a', 'Lead', 'Customer', '2026-03-05T10:00:00Z')],
      0,
    ],
    [
      'sold again this month after falling back',
      [{ _id: 'a', deal_stage: 'Customer' }],
      [
        move('a', 'Lead', 'Customer', '2026-01-05T10:00:00Z'),
        move('a', 'Lead', 'Customer', '2026-03-03T10:00:00Z'),
      ],
      1,
    ],
    ['no move recorded', [{ _id: 'a', deal_stage: 'Customer' }], [], 0],
    [
      'straight from no stage',
      [{ _id: 'a', deal_stage: 'Customer' }],
      [move('a', null, 'Customer', '2026-03-01T00:00:00Z')],
      1,
    ],
    [
      'another contact sold',
      [{ _id: 'a', deal_stage: 'Customer' }],
      [move('b', 'Lead', 'Customer', '2026-03-05T10:00:00Z')],
      0,
    ],
    ['a bad date', [{ _id: 'a', deal_stage: 'Customer' }], [move('a', 'Lead', 'Customer', 'soon')], 0],
  ])('%s', (_name, rows, moves, expected) => {
    expect(salesSince(rows, moves, STAGES, since)).toBe(expected);
  });

  it('counts nothing when the pipeline has a single stage', () => {
    const rows = [{ _id: 'a', deal_stage: 'Contact' }];
    expect(
      salesSince(rows, [move('a', null, 'Contact', '2026-03-05T10:00:00Z')], [stage('Contact')], since),
    ).toBe(0);
  });

  it('starts the month on the first, at midnight on the device', () => {
    const start = monthStart(new Date(2026, 2, 17, 15, 30));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours()]).toEqual([
      2026, 2, 1, 0,
    ]);
  });
});
