import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
import {
  dayBegins,
  deviceDay,
  isCancelledStatus,
  monthRange,
  movesReadFrom,
  salesColumns,
  salesFigures,
  salesFiguresBy,
  salesOf,
  soldDays,
} from './sales.ts';

const NOVEMBER = { from: '2026-11-01', to: '2026-12-01' };
const row = (id: string, fields: Record<string, unknown>) => ({ _id: id, ...fields });
const stageOf = (status: string) =>
  DEFAULT_DEAL_STAGES.find((s) => s.options.some((o) => o.value === status))?.value ?? '';
const contact = (id: string, status: string, fields: Record<string, unknown> = {}) =>
  row(id, { deal_stage: stageOf(status), deal_stage_status: status, ...fields });

describe('salesOf', () => {
  const soldOn = new Map([
    ['m', '2026-11-02'],
    ['s', '2026-10-01'],
  ]);
  it.each([
    [
      'a prospect, an appointment and a Closed Won lead are no sales',
      [
        contact('a', 'Not Home 1'),
        contact('b', 'Appointment Set'),
        contact('c', 'Closed Won', { contract_signed_date: '2026-11-03', contract_amount: 10 }),
      ],
      [],
    ],
    [
      'a signed contract is a sale of its owner and team, worth its amount in cents and its size',
      [
        contact('a', 'Contract Signed', {
          owner_id: 'u1',
          team_id: 't1',
          contract_amount: 33_600.5,
          system_size_kw: 8.4,
          contract_signed_date: '2026-11-03',
        }),
      ],
      [{ lead_id: 'a', owner_id: 'u1', team_id: 't1', day: '2026-11-03', cents: 3_360_050, kw: 8.4 }],
    ],
    [
      'the Contract Signed Date dates it before any move onto the sold stage',
      [contact('s', 'CRC', { contract_signed_date: '2026-11-20' })],
      [{ lead_id: 's', owner_id: null, team_id: null, day: '2026-11-20', cents: 0, kw: 0 }],
    ],
    [
      'without one, its last move onto the sold stage dates it; without either it has no day',
      [contact('m', 'Install Ready'), contact('n', 'Install Ready', { contract_signed_date: 'soon' })],
      [
        { lead_id: 'm', owner_id: null, team_id: null, day: '2026-11-02', cents: 0, kw: 0 },
        { lead_id: 'n', owner_id: null, team_id: null, day: null, cents: 0, kw: 0 },
      ],
    ],
    [
      'a cancelled or deleted sale, or one on a stage the org does not have, is none',
      [
        contact('a', 'Cancellation', { contract_signed_date: '2026-11-03', contract_amount: 5 }),
        contact('b', 'Contract Signed', { deleted_at: '2026-11-04T00:00:00Z' }),
        row('c', { deal_stage: 'Gone', deal_stage_status: 'Contract Signed' }),
      ],
      [],
    ],
    [
      'a later stage is still a sale; amounts and sizes that are not positive numbers are worth nothing',
      [
        contact('a', 'Removal & Re-install', {
          contract_amount: '5000',
          system_size_kw: -2,
          contract_signed_date: '2026-11-05',
        }),
      ],
      [{ lead_id: 'a', owner_id: null, team_id: null, day: '2026-11-05', cents: 0, kw: 0 }],
    ],
  ] as const)('%s', (_, rows, expected) => {
    expect(salesOf(rows, DEFAULT_DEAL_STAGES, soldOn)).toEqual(expected);
  });

  it('a pipeline without a stage before the sold one has no sales', () => {
    const only = DEFAULT_DEAL_STAGES.filter((s) => s.value === 'Customer');
    expect(salesOf([contact('a', 'Contract Signed')], only)).toEqual([]);
  });
});

describe('days on the device clock', () => {
  it('a day begins at its midnight on the device clock, and an instant falls on its device day', () => {
    expect(dayBegins('2026-11-03')).toBe(new Date(2026, 10, 3).getTime());
    expect(dayBegins(null)).toBeNaN();
    expect(dayBegins('3 Nov')).toBeNaN();
    expect(deviceDay(new Date(2026, 10, 3, 23, 59))).toBe('2026-11-03');
    expect(deviceDay(new Date(dayBegins('2027-01-09')))).toBe('2027-01-09');
  });

  it('stage moves are read from the first day of a period, UTC, where the UTC days of moves start', () => {
    expect(movesReadFrom(NOVEMBER).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    const moves = [{ lead_id: 'a', from: 'Lead', to: 'Customer', date: '2026-11-01T00:00:00.000Z' }];
    expect(soldDays(moves, DEFAULT_DEAL_STAGES).get('a')).toBe(NOVEMBER.from);
  });
});

describe('salesFigures', () => {
  it.each([
    ['no contacts', [], { leads: 0, activeDeals: 0, total: [0, 0, 0], period: [0, 0, 0] }],
    [
      'a prospect is neither a deal nor a sale',
      [contact('a', 'Not Home 1')],
      { leads: 1, activeDeals: 0, total: [0, 0, 0], period: [0, 0, 0] },
    ],
    [
      'an appointment is an active deal',
      [contact('a', 'Appointment Set')],
      { leads: 1, activeDeals: 1, total: [0, 0, 0], period: [0, 0, 0] },
    ],
    [
      'a contract signed this month counts in both, with its value and size',
      [
        contact('a', 'Contract Signed', {
          contract_amount: 33_600.5,
          system_size_kw: 8.4,
          contract_signed_date: '2026-11-03',
        }),
      ],
      { leads: 1, activeDeals: 0, total: [1, 3_360_050, 8.4], period: [1, 3_360_050, 8.4] },
    ],
    [
      'a contract signed last month counts in the total only',
      [contact('a', 'Permit Received', { contract_amount: 20_000, contract_signed_date: '2026-10-31' })],
      { leads: 1, activeDeals: 0, total: [1, 2_000_000, 0], period: [0, 0, 0] },
    ],
    [
      'the first day of the next month is not this month',
      [contact('a', 'Contract Signed', { contract_amount: 1, contract_signed_date: '2026-12-01' })],
      { leads: 1, activeDeals: 0, total: [1, 100, 0], period: [0, 0, 0] },
    ],
    [
      'a cancelled sale leaves every figure',
      [contact('a', 'Cancellation', { contract_amount: 50_000, contract_signed_date: '2026-11-03' })],
      { leads: 1, activeDeals: 0, total: [0, 0, 0], period: [0, 0, 0] },
    ],
    [
      'a sale without an amount counts, worth nothing',
      [contact('a', 'Contract Signed', { contract_amount: null, contract_signed_date: '2026-11-10' })],
      { leads: 1, activeDeals: 0, total: [1, 0, 0], period: [1, 0, 0] },
    ],
    [
      'a contact on a stage the org does not have is only a lead',
      [row('a', { deal_stage: 'Gone', deal_stage_status: 'Contract Signed', contract_amount: 9 })],
      { leads: 1, activeDeals: 0, total: [0, 0, 0], period: [0, 0, 0] },
    ],
    [
      'sizes add up to the watt',
      [
        contact('a', 'Contract Signed', { system_size_kw: 0.1, contract_signed_date: '2026-11-01' }),
        contact('b', 'Contract Signed', { system_size_kw: 0.2, contract_signed_date: '2026-11-30' }),
      ],
      { leads: 2, activeDeals: 0, total: [2, 0, 0.3], period: [2, 0, 0.3] },
    ],
    [
      'amounts add up to the cent',
      [
        contact('a', 'Contract Signed', { contract_amount: 0.1, contract_signed_date: '2026-11-01' }),
        contact('b', 'Contract Signed', { contract_amount: 0.2, contract_signed_date: '2026-11-30' }),
      ],
      { leads: 2, activeDeals: 0, total: [2, 30, 0], period: [2, 30, 0] },
    ],
  ] as const)('%s', (_, rows, expected) => {
    const figures = salesFigures(rows, DEFAULT_DEAL_STAGES, NOVEMBER);
    const triple = (t: { count: number; cents: number; kw: number }) => [t.count, t.cents, t.kw];
    expect({
      leads: figures.leads,
      activeDeals: figures.activeDeals,
      total: triple(figures.total),
      period: triple(figures.period),
    }).toEqual(expected);
  });

  it('dates a sale without a Contract Signed Date by its last move onto the sold stage', () => {
    const rows = [contact('a', 'Contract Signed', { contract_amount: 100 }), contact('b', 'CRC')];
    const moves = [
      { lead_id: 'a', from: 'Lead', to: 'Customer', date: '2026-10-20T12:00:00Z' },
      { lead_id: 'a', from: 'Customer', to: 'Lead', date: '2026-10-25T12:00:00Z' },
      { lead_id: 'a', from: 'Lead', to: 'Customer', date: '2026-11-02T12:00:00Z' },
      // a move within the sold stages is not a new sale
      { lead_id: 'b', from: 'Lead', to: 'Customer', date: '2026-10-02T12:00:00Z' },
    ];
    const figures = salesFigures(rows, DEFAULT_DEAL_STAGES, NOVEMBER, soldDays(moves, DEFAULT_DEAL_STAGES));
    expect(figures.total.count).toBe(2);
    expect(figures.period).toEqual({ count: 1, cents: 10_000, kw: 0 });
  });

  it('the period is a part of the total, and a cancellation only ever lowers them', () => {
    const statuses = ['Not Home 1', 'Appointment Set', 'Contract Signed', 'Install Ready', 'Cancellation'];
    const arb = fc.array(
      fc.record({
        status: fc.constantFrom(...statuses),
        cents: fc.integer({ min: 0, max: 10_000_000 }),
        day: fc.integer({ min: 1, max: 28 }),
        month: fc.constantFrom('10', '11'),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(arb, (drawn) => {
        const rows = drawn.map((d, i) =>
          contact(String(i), d.status, {
            contract_amount: d.cents / 100,
            contract_signed_date: `2026-${d.month}-${String(d.day).padStart(2, '0')}`,
          }),
        );
        const figures = salesFigures(rows, DEFAULT_DEAL_STAGES, NOVEMBER);
        expect(figures.period.count).toBeLessThanOrEqual(figures.total.count);
        expect(figures.period.cents).toBeLessThanOrEqual(figures.total.cents);
        const sold = drawn.filter((d) => d.status === 'Contract Signed' || d.status === 'Install Ready');
        expect(figures.total.cents).toBe(sold.reduce((sum, d) => sum + d.cents, 0));
        const cancelled = rows.map((r) => ({
          ...r,
          deal_stage_status: 'Cancellation',
          deal_stage: 'Customer',
        }));
        expect(salesFigures(cancelled, DEFAULT_DEAL_STAGES, NOVEMBER).total.count).toBe(0);
      }),
    );
  });
});

describe('isCancelledStatus and monthRange', () => {
  it.each([
    ['Cancellation', true],
    ['cancelled', true],
    [' Canceled ', true],
    ['Contract Signed', false],
    [null, false],
  ] as const)('%j cancels: %s', (status, expected) => {
    expect(isCancelledStatus(status)).toBe(expected);
  });

  it.each([
    [new Date(2026, 10, 29, 23, 0), { from: '2026-11-01', to: '2026-12-01' }],
    [new Date(2026, 11, 1, 0, 0), { from: '2026-12-01', to: '2027-01-01' }],
    [new Date(2028, 1, 29), { from: '2028-02-01', to: '2028-03-01' }],
  ])('%s is in %j', (now, expected) => {
    expect(monthRange(now)).toEqual(expected);
  });
});

describe('salesFiguresBy and salesColumns', () => {
  it('groups the figures by owner or team, leaving out contacts with neither', () => {
    const rows = [
      contact('a', 'Contract Signed', { owner_id: 'u1', team_id: 't1', contract_signed_date: '2026-11-02' }),
      contact('b', 'Appointment Set', { owner_id: 'u1', team_id: 't2' }),
      contact('c', 'Install Ready', { owner_id: 'u2', team_id: 't1', contract_signed_date: '2026-09-02' }),
      contact('d', 'Contract Signed', { owner_id: null, team_id: null }),
    ];
    const byOwner = salesFiguresBy(rows, 'owner_id', DEFAULT_DEAL_STAGES, NOVEMBER);
    expect([...byOwner.keys()]).toEqual(['u1', 'u2']);
    expect(salesColumns(byOwner.get('u1'))).toEqual({ active_deals: 1, monthly_sales: 1, total_sales: 1 });
    expect(salesColumns(byOwner.get('u2'))).toEqual({ active_deals: 0, monthly_sales: 0, total_sales: 1 });
    const byTeam = salesFiguresBy(rows, 'team_id', DEFAULT_DEAL_STAGES, NOVEMBER);
    expect(salesColumns(byTeam.get('t1'))).toEqual({ active_deals: 0, monthly_sales: 1, total_sales: 2 });
    expect(salesColumns(byTeam.get('nobody'))).toEqual({ active_deals: 0, monthly_sales: 0, total_sales: 0 });
  });

  it('a group counts as the whole would: the figures by owner add up to those of all owned contacts', () => {
    const statuses = ['Prospect', 'Appointment Set', 'Contract Signed', 'CRC', 'Cancellation'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            status: fc.constantFrom(...statuses),
            owner: fc.constantFrom('u1', 'u2', 'u3'),
            cents: fc.nat(1_000_000),
          }),
          {
            maxLength: 30,
          },
        ),
        (drawn) => {
          const rows = drawn.map((d, i) =>
            contact(String(i), d.status, {
              owner_id: d.owner,
              contract_amount: d.cents / 100,
              contract_signed_date: '2026-11-05',
            }),
          );
          const all = salesFigures(rows, DEFAULT_DEAL_STAGES, NOVEMBER);
          const parts = [...salesFiguresBy(rows, 'owner_id', DEFAULT_DEAL_STAGES, NOVEMBER).values()];
          expect(parts.reduce((n, f) => n + f.total.cents, 0)).toBe(all.total.cents);
          expect(parts.reduce((n, f) => n + f.period.count, 0)).toBe(all.period.count);
          expect(parts.reduce((n, f) => n + f.activeDeals, 0)).toBe(all.activeDeals);
        },
      ),
    );
  });
});
