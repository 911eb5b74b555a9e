import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
import {
  DEFAULT_PAY_PLAN,
  dealPayCents,
  milestoneCents,
  type PayDeal,
  type PayPlan,
  payDealOf,
  payPeople,
  payrollCsv,
  payStatement,
  payStatusOrder,
  projectedPay,
  splitDealPay,
} from './pay.ts';

const ORDER = payStatusOrder(DEFAULT_DEAL_STAGES);
const PLAN: PayPlan = {
  id: 'p1',
  name: 'Standard',
  basis: 'per_watt',
  rate: 0.25,
  split: { setter: 40, closer: 60 },
  milestones: [
    { status: 'Contract Signed', share: 50 },
    { status: 'Installation Completed', share: 50 },
  ],
  clawback_days: 30,
};
const deal = (fields: Partial<PayDeal> = {}): PayDeal => ({
  id: 'd1',
  name: 'Ada Park',
  status: 'Contract Signed',
  system_size_kw: 8,
  contract_signed_date: '2026-11-03',
  owner_id: 'setter',
  energy_consultants: ['closer'],
  events: [],
  ...fields,
});
const LABELS = {
  person: 'Person',
  deal: 'Deal',
  status: 'Status',
  milestone: 'Milestone',
  projected: 'Projected',
  released: 'Released',
  pending: 'Pending',
  month: 'This month',
  total: 'Total',
};

describe('dealPayCents', () => {
  it.each([
    ['per watt: 8 kW at $0.25', { system_size_kw: 8 }, PLAN, 200_000],
    ['per watt: 7.123 kW at $0.3333', { system_size_kw: 7.123 }, { ...PLAN, rate: 0.3333 }, 237_410],
    ['per watt: no size', { system_size_kw: null }, PLAN, 0],
    ['per deal: $1,234.56', { system_size_kw: null }, { ...PLAN, basis: 'per_deal', rate: 1234.56 }, 123_456],
  ] as const)('%s', (_name, fields, plan, cents) => {
    expect(dealPayCents(deal(fields), plan as PayPlan)).toBe(cents);
  });
});

describe('splitDealPay', () => {
  it.each([
    ['setter and closer', deal(), 1001, { setter: 400, closer: 601 }],
    ['no consultant: the owner closes too', deal({ energy_consultants: [] }), 1001, { setter: 1001 }],
    ['owner is the consultant', deal({ energy_consultants: ['setter'] }), 1000, { setter: 1000 }],
    [
      'two closers: the first takes the remainder',
      deal({ energy_consultants: ['c1', 'c2'] }),
      1001,
      { setter: 400, c1: 301, c2: 300 },
    ],
    ['no owner: the closers take it all', deal({ owner_id: null }), 1001, { closer: 1001 }],
  ])('%s', (_name, d, cents, parts) => {
    expect(Object.fromEntries(splitDealPay(d, PLAN, cents))).toEqual(parts);
  });
});

describe('projectedPay', () => {
  it('releases Contract Signed at signing and leaves installation pending', () => {
    const pay = projectedPay(deal(), PLAN, 'closer', ORDER);
    expect(pay).toMatchObject({
      role: 'closer',
      shareCents: 120_000,
      projectedCents: 120_000,
      releasedCents: 60_000,
      pendingCents: 60_000,
    });
    expect(pay.changes).toEqual([
      expect.objectContaining({
        status: 'Contract Signed',
        date: '2026-11-03',
        kind: 'released',
        cents: 60_000,
      }),
    ]);
  });

  it.each([
    [
      'Permit Received → no change; Installation Completed → released',
      deal({
        status: 'Installation Completed',
        events: [
          { status: 'Permit Received', date: '2026-11-10T15:00:00Z' },
          { status: 'Installation Completed', date: '2026-11-20T15:00:00Z' },
        ],
      }),
      [
        ['Contract Signed', 'released', 60_000],
        ['Permit Received', 'no_change', 0],
        ['Installation Completed', 'released', 60_000],
      ],
      { releasedCents: 120_000, pendingCents: 0, projectedCents: 120_000 },
    ],
    [
      'cancelled within the window: clawed back',
      deal({ status: 'Cancellation', events: [{ status: 'Cancellation', date: '2026-11-20' }] }),
      [
        ['Contract Signed', 'released', 60_000],
        ['Cancellation', 'clawed_back', -60_000],
      ],
      { releasedCents: 0, pendingCents: 0, projectedCents: 0, cancelled: true },
    ],
    [
      'signed and cancelled on the same day: the signing comes first and is clawed back',
      deal({
        status: 'Cancellation',
        events: [{ status: 'Cancellation', date: '2026-11-03T01:15:00Z' }],
      }),
      [
        ['Contract Signed', 'released', 60_000],
        ['Cancellation', 'clawed_back', -60_000],
      ],
      { releasedCents: 0, pendingCents: 0, projectedCents: 0, cancelled: true },
    ],
    [
      'on the signing day, a status before signing stays before it and one after stays after',
      deal({
        status: 'Installation Completed',
        events: [
          { status: 'Appointment Set', date: '2026-11-03T08:00:00Z' },
          { status: 'Installation Completed', date: '2026-11-03T20:00:00Z' },
        ],
      }),
      [
        ['Appointment Set', 'no_change', 0],
        ['Contract Signed', 'released', 60_000],
        ['Installation Completed', 'released', 60_000],
      ],
      { releasedCents: 120_000, pendingCents: 0, projectedCents: 120_000 },
    ],
    [
      'cancelled after the window: what was released stays, the rest is forfeited',
      deal({ status: 'Cancellation', events: [{ status: 'Cancellation', date: '2026-12-20' }] }),
      [
        ['Contract Signed', 'released', 60_000],
        ['Cancellation', 'forfeited', 0],
      ],
      { releasedCents: 60_000, pendingCents: 0, projectedCents: 60_000, cancelled: true },
    ],
    [
      'cancelled with no recorded day: counts as within the window',
      deal({ status: 'Cancellation' }),
      [
        ['Contract Signed', 'released', 60_000],
        ['Cancellation', 'clawed_back', -60_000],
      ],
      { releasedCents: 0, projectedCents: 0 },
    ],
    [
      'installed with no recorded event: released on no day',
      deal({ status: 'Permission To Operate' }),
      [
        ['Contract Signed', 'released', 60_000],
        ['Permission To Operate', 'released', 60_000],
      ],
      { releasedCents: 120_000, pendingCents: 0 },
    ],
    [
      'not signed yet: nothing released',
      deal({ status: 'Appointment Set', contract_signed_date: null }),
      [],
      { releasedCents: 0, pendingCents: 120_000 },
    ],
  ] as const)('%s', (_name, d, changes, totals) => {
    const pay = projectedPay(d, PLAN, 'closer', ORDER);
    expect(pay.changes.map((c) => [c.status, c.kind, c.cents])).toEqual(changes);
    expect(pay).toMatchObject(totals);
  });

  it('gives a person with no part nothing', () => {
    expect(projectedPay(deal(), PLAN, 'someone', ORDER)).toMatchObject({ role: null, projectedCents: 0 });
  });
});

describe('payStatement', () => {
  const deals = [
    deal(),
    deal({
      id: 'd2',
      name: 'Bo Lane',
      contract_signed_date: '2026-10-01',
      status: 'Installation Completed',
      events: [{ status: 'Installation Completed', date: '2026-11-15' }],
    }),
    deal({
      id: 'd3',
      name: 'Cy Moss',
      status: 'Cancellation',
      events: [{ status: 'Cancellation', date: '2026-11-25' }],
    }),
    deal({ id: 'd4', name: 'Di Ray', status: 'Appointment Set', contract_signed_date: null }),
  ];

  it('lists the signed deals, the month total and its changes in order', () => {
    const statement = payStatement(deals, PLAN, 'setter', '2026-11', ORDER);
    expect(statement.lines.map((l) => [l.dealId, l.milestone, l.milestoneState, l.monthCents])).toEqual([
      ['d1', 'Installation Completed', 'pending', 40_000],
      ['d2', 'Installation Completed', 'released', 40_000],
      ['d3', 'Installation Completed', 'forfeited', 0],
    ]);
    expect(statement.monthCents).toBe(80_000);
    expect(statement.changes.map((c) => [c.dealId, c.status, c.cents])).toEqual([
      ['d1', 'Contract Signed', 40_000],
      ['d3', 'Contract Signed', 40_000],
      ['d2', 'Installation Completed', 40_000],
      ['d3', 'Cancellation', -40_000],
    ]);
  });
});

const arbitraryPlan = fc.record({
  setter: fc.integer({ min: 0, max: 10_000 }),
  first: fc.integer({ min: 0, max: 10_000 }),
  closers: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }),
  owner: fc.option(fc.constantFrom('a', 'o'), { nil: null }),
  cents: fc.integer({ min: 0, max: 100_000_000 }),
});

describe('a status set offline, before its event comes from the server', () => {
  it.each([
    [
      'a cancellation claws back in the month it was made',
      { status: 'Cancellation', status_date: '2026-11-20T09:00:00.000Z' },
      [
        ['Contract Signed', 40_000],
        ['Cancellation', -40_000],
      ],
      0,
    ],
    [
      'an install releases in the month it was made',
      { status: 'Installation Completed', status_date: '2026-11-20T09:00:00.000Z' },
      [
        ['Contract Signed', 40_000],
        ['Installation Completed', 40_000],
      ],
      80_000,
    ],
    [
      'without a day (imported), a cancellation is in no month',
      { status: 'Cancellation', status_date: null },
      [['Contract Signed', 40_000]],
      40_000,
    ],
  ])('%s', (_name, fields, changes, monthCents) => {
    const statement = payStatement([deal(fields)], PLAN, 'setter', '2026-11', ORDER);
    expect(statement.changes.map((c) => [c.status, c.cents])).toEqual(changes);
    expect(statement.monthCents).toBe(monthCents);
  });
});

describe('no cent is created or lost', () => {
  it('by the split between setter and closers', () => {
    fc.assert(
      fc.property(arbitraryPlan, ({ setter, closers, owner, cents }) => {
        const plan = { ...PLAN, split: { setter: setter / 100, closer: 100 - setter / 100 } };
        const parts = splitDealPay(deal({ owner_id: owner, energy_consultants: closers }), plan, cents);
        const sum = [...parts.values()].reduce((a, b) => a + b, 0);
        expect(sum).toBe(owner || closers.length ? cents : 0);
        for (const part of parts.values()) expect(Number.isInteger(part) && part >= 0).toBe(true);
      }),
    );
  });

  it('by the milestones', () => {
    fc.assert(
      fc.property(arbitraryPlan, ({ first, cents }) => {
        const plan = {
          ...PLAN,
          milestones: [
            { status: 'Contract Signed', share: first / 100 },
            { status: 'Installation Completed', share: 100 - first / 100 },
          ],
        };
        const shares = milestoneCents(cents, plan);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(cents);
        for (const share of shares) expect(Number.isInteger(share) && share >= 0).toBe(true);
      }),
    );
  });
});

describe('payrollCsv', () => {
  it('totals 1,000 deals to the cent, the total row equal to the sum of the lines', () => {
    const random = fc.sample(
      fc.record({
        kw: fc.integer({ min: 1000, max: 20_000 }),
        status: fc.constantFrom(...ORDER),
        signed: fc.integer({ min: 1, max: 28 }),
        closer: fc.constantFrom('a', 'b'),
      }),
      { numRuns: 1000, seed: 7 },
    );
    const deals = random.map((r, i) =>
      deal({
        id: `d${i}`,
        name: `Deal ${i}`,
        system_size_kw: r.kw / 1000,
        status: r.status,
        contract_signed_date: `2026-11-${String(r.signed).padStart(2, '0')}`,
        owner_id: 'a',
        energy_consultants: [r.closer],
        events: r.status === 'Cancellation' ? [{ status: r.status, date: '2026-11-29' }] : [],
      }),
    );
    const plan = { ...PLAN, rate: 0.3333, split: { setter: 33.33, closer: 66.67 } };
    const [forA, forB] = ['a', 'b'].map((p) => payStatement(deals, plan, p, '2026-11', ORDER));
    if (!forA || !forB) throw new Error('two statements');
    const statements = [forA, forB];
    const csv = payrollCsv(statements, (id) => id.toUpperCase(), LABELS);
    const rows = Papa.parse<string[]>(csv.trim()).data.slice(1);
    const cents = (text: string | undefined) => Math.round(Number(text) * 100);
    const totalRow = rows.at(-1) ?? [];
    const lineSum = rows.slice(0, -1).reduce((sum, r) => sum + cents(r[7]), 0);
    expect(rows).toHaveLength(forA.lines.length + forB.lines.length + 1);
    expect(totalRow[0]).toBe('Total');
    expect(cents(totalRow[7])).toBe(lineSum);
    expect(lineSum).toBe(forA.monthCents + forB.monthCents);
    expect(rows.every((r) => /^-?\d+(\.\d{1,2})?$/.test(r[7] ?? ''))).toBe(true);
  });
});

describe('DEFAULT_PAY_PLAN', () => {
  it('has milestones that sum to 100 and statuses of the built-in stages', () => {
    expect(DEFAULT_PAY_PLAN.milestones.reduce((a, m) => a + m.share, 0)).toBe(100);
    for (const m of DEFAULT_PAY_PLAN.milestones) expect(ORDER).toContain(m.status);
  });
});

describe('payDealOf', () => {
  it.each([
    [
      'a stored contact',
      {
        _id: 'c1',
        name: 'Ada',
        deal_stage_status: 'CRC',
        system_size_kw: 7.2,
        contract_signed_date: '2026-11-01',
        owner_id: 'o',
        energy_consultants: ['e', 3, ''],
      },
      {
        id: 'c1',
        name: 'Ada',
        status: 'CRC',
        system_size_kw: 7.2,
        contract_signed_date: '2026-11-01',
        owner_id: 'o',
        energy_consultants: ['e'],
      },
    ],
    [
      'a contact with nothing set',
      { _id: 'c2', system_size_kw: 'big', energy_consultants: 'e' },
      {
        id: 'c2',
        name: '',
        status: null,
        system_size_kw: null,
        contract_signed_date: null,
        owner_id: null,
        energy_consultants: [],
      },
    ],
  ])('%s', (_name, row, deal) => {
    expect(payDealOf(row)).toEqual({ ...deal, events: [], status_date: null });
  });

  it('dates a status set on this device and not yet synced by when it was set', () => {
    const row = { _id: 'c3', deal_stage_status: 'Cancellation', updated_at: '2026-11-20T09:00:00.000Z' };
    expect(payDealOf({ ...row, pending: true }).status_date).toBe('2026-11-20T09:00:00.000Z');
    expect(payDealOf(row).status_date).toBeNull();
  });

  it('lists everyone who takes part once', () => {
    expect(
      payPeople([
        payDealOf({ _id: 'a', owner_id: 'o', energy_consultants: ['e', 'o'] }),
        payDealOf({ _id: 'b', owner_id: 'e' }),
      ]),
    ).toEqual(['o', 'e']);
  });
});
