import { describe, expect, it } from 'vitest';
import { cardConfigSchema, defaultCardConfig } from './dashboard/cards.ts';
import { metricCardResult } from './dashboard/metricCard.ts';
import type { LeaderboardRows } from './leaderboard.ts';
import { metricFigures, metricPeriodRange } from './metrics.ts';

const at = (d: number, h = 10) => new Date(2026, 2, d, h).toISOString();
const ROWS: LeaderboardRows = {
  activities: [
    {
      _id: 's1',
      type: 'lead_status_change',
      actor_id: 'u1',
      date: at(9),
      lead_refs: ['a'],
      data: { new: 'Not Home 1' },
    },
    {
      _id: 's2',
      type: 'lead_status_change',
      actor_id: 'u2',
      date: at(16),
      lead_refs: ['b'],
      data: { new: 'Appointment Set' },
    },
  ],
  appointments: [{ _id: 'p1', lead_id: 'c', created_by: 'u2', created_at: at(15, 23) }],
  created: [
    { _id: 'a', created_by: 'u1', created_at: at(9, 0) },
    { _id: 'b', created_by: 'u2', created_at: at(8, 23) },
    { _id: 'c', owner_id: 'u2', created_at: at(12) },
  ],
  users: [],
  teams: [],
  members: [],
};

describe('shared metrics', () => {
  // A Wednesday.
  const now = new Date(2026, 2, 11, 12);

  it.each([
    ['today', at(11, 0), at(12, 0)],
    ['week', at(9, 0), at(16, 0)],
    ['month', new Date(2026, 2, 1).toISOString(), new Date(2026, 3, 1).toISOString()],
  ] as const)('%s runs from %s to %s (the week from Monday to Sunday)', (period, start, end) => {
    const range = metricPeriodRange(period, now);
    expect([range.start.toISOString(), range.end.toISOString()]).toEqual([start, end]);
  });

  it.each([
    ['leads_added', 2, { u1: 1, u2: 1 }],
    ['appointments_set', 1, { u2: 1 }],
    ['knocks', 1, { u1: 1 }],
  ] as const)('%s this week: %i in all, %j by person', (metric, total, byPerson) => {
    const figures = metricFigures(ROWS, metric, metricPeriodRange('week', now));
    expect(figures.total).toBe(total);
    expect(Object.fromEntries(figures.byPerson)).toEqual(byPerson);
  });

  it('a card shows the total, or the people largest first, ties by name', () => {
    const figures = {
      total: 6,
      byPerson: new Map([
        ['u1', 2],
        ['u2', 3],
        ['u3', 1],
        ['u4', 0],
        ['u5', 2],
      ]),
    };
    const names: Record<string, string> = { u1: 'Bea', u2: 'Al', u5: 'Ann' };
    const nameOf = (id: string) => names[id] ?? '';
    expect(metricCardResult('number', figures, nameOf, 10)).toEqual({ kind: 'number', value: 6, rows: 6 });
    const top = metricCardResult('leaderboard', figures, nameOf, 3);
    expect(top?.kind === 'groups' && top.groups.map((g) => [g.label, g.value])).toEqual([
      ['Al', 3],
      ['Ann', 2],
      ['Bea', 2],
    ]);
    expect(metricCardResult('map', figures, nameOf, 10)).toBeUndefined();
  });

  it.each([
    [{ key: 'leads_added', period: 'week' }, true],
    [{ key: 'revenue', period: 'month' }, true],
    [{ key: 'installs', period: 'week' }, false],
    [{ key: 'knocks', period: 'year' }, false],
    [{ key: 'knocks', period: 'today', extra: 1 }, false],
  ])('a card of %j is valid: %s', (metric, valid) => {
    expect(cardConfigSchema.safeParse({ ...defaultCardConfig(), metric }).success).toBe(valid);
  });
});
