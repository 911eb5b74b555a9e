import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Row } from '../tables/query.ts';
import type { ColumnDefinition } from '../tables/registry.ts';
import { type CardConfig, cardConfigSchema, DEFAULT_CARD_LIMIT } from './cards.ts';
import { CardConfigError, cardColumns, computeCard, computeCardSafely } from './computeCard.ts';

const config = (patch: Partial<CardConfig> = {}): CardConfig => ({
  table: 'contacts',
  filters: [],
  match: 'all',
  group_by: null,
  measure: { op: 'count' },
  ...patch,
});

const rows: Row[] = [
  {
    _id: 'a',
    name: 'Ann',
    owner_id: 'u1',
    deal_stage: 'Lead',
    deal_stage_status: 'Appointment Set',
    contract_amount: 100,
    energy_consultants: ['u1', 'u2'],
    new_roof: true,
    created_at: '2026-03-01T10:00:00Z',
  },
  {
    _id: 'b',
    name: 'Bob',
    owner_id: 'u2',
    deal_stage: 'Lead',
    deal_stage_status: 'Sold',
    contract_amount: '250.5',
    energy_consultants: [],
    new_roof: false,
    created_at: '2026-03-01T18:00:00Z',
  },
  {
    _id: 'c',
    name: 'Cara',
    owner_id: 'u1',
    deal_stage: 'Contact',
    deal_stage_status: 'Prospect',
    contract_amount: 'n/a',
    energy_consultants: ['u2'],
    created_at: '2026-03-02T10:00:00Z',
  },
  { _id: 'd', name: 'Dan', owner_id: null, deal_stage: 'Contact', contract_amount: null },
];

const names: Record<string, string> = { u1: 'Uma One', u2: 'Ugo Two' };
const display = (column: ColumnDefinition, v: unknown) =>
  column.type === 'user' || column.type === 'users' ? (names[String(v)] ?? String(v)) : String(v);

describe('number cards', () => {
  it('count the rows that pass the filters', () => {
    expect(computeCard('number', config(), rows)).toEqual({ kind: 'number', value: 4, rows: 4 });
    const leads = config({ filters: [{ field: 'deal_stage', op: 'any_of', value: ['Lead'] }] });
    expect(computeCard('number', leads, rows)).toEqual({ kind: 'number', value: 2, rows: 2 });
  });

  it('sum and average a numeric field, leaving out values that are not numbers', () => {
    const sum = computeCard('number', config({ measure: { op: 'sum', field: 'contract_amount' } }), rows);
    expect(sum).toEqual({ kind: 'number', value: 350.5, rows: 4 });
    const avg = computeCard('number', config({ measure: { op: 'avg', field: 'contract_amount' } }), rows);
    expect(avg).toEqual({ kind: 'number', value: 175.25, rows: 4 });
  });

  it('answer 0 for the sum and the average of nothing (an empty table, no numbers)', () => {
    for (const op of ['sum', 'avg'] as const) {
      expect(computeCard('number', config({ measure: { op, field: 'contract_amount' } }), [])).toEqual({
        kind: 'number',
        value: 0,
        rows: 0,
      });
      const onlyText = [{ _id: 'x', contract_amount: 'soon' }];
      expect(
        computeCard('number', config({ measure: { op, field: 'contract_amount' } }), onlyText).kind,
      ).toBe('number');
    }
    expect(computeCard('number', config(), [])).toEqual({ kind: 'number', value: 0, rows: 0 });
  });

  it("apply the view's filters before the card's own, with the view's match", () => {
    const card = config({ filters: [{ field: 'owner_id', op: 'any_of', value: ['u1'] }] });
    const view = {
      filters: [
        { field: 'deal_stage_status', op: 'any_of' as const, value: ['Sold'] },
        { field: 'deal_stage_status', op: 'any_of' as const, value: ['Prospect'] },
      ],
      match: 'any' as const,
    };
    // The view keeps b and c; the card keeps c (owned by u1) of them.
    expect(computeCard('number', card, rows, { view })).toEqual({ kind: 'number', value: 1, rows: 1 });
  });

  it('ignore a rule on a field the table does not have, and a half-made rule', () => {
    const card = config({
      filters: [
        { field: 'no_such_field', op: 'contains', value: 'x' },
        { field: 'name', op: 'contains', value: '' },
      ],
    });
    expect(computeCard('number', card, rows)).toEqual({ kind: 'number', value: 4, rows: 4 });
  });
});

describe('grouped cards', () => {
  it('group a chart by its field, largest first, labelled by how the value reads', () => {
    const result = computeCard('chart', config({ group_by: 'owner_id' }), rows, { display });
    expect(result).toEqual({
      kind: 'groups',
      groups: [
        { key: 'u1', label: 'Uma One', value: 2, rows: 2 },
        { key: 'u2', label: 'Ugo Two', value: 1, rows: 1 },
        { key: '', label: '', value: 1, rows: 1 },
      ],
      rows: 4,
    });
  });

  it('measure each group by the sum of a field and cap the groups at the limit', () => {
    const card = config({
      group_by: 'deal_stage',
      measure: { op: 'sum', field: 'contract_amount' },
      limit: 1,
    });
    expect(computeCard('chart', card, rows)).toEqual({
      kind: 'groups',
      groups: [{ key: 'Lead', label: 'Lead', value: 350.5, rows: 2 }],
      rows: 4,
    });
  });

  it('rank a leaderboard by owner when it names no field, and count each user of a many-user field', () => {
    const owners = computeCard('leaderboard', config(), rows, { display });
    // Rows without a person count in the total but hold no place on the board.
    expect(owners.kind === 'groups' && owners.groups.map((g) => g.key)).toEqual(['u1', 'u2']);
    expect(owners.kind === 'groups' && owners.rows).toBe(4);
    const ecs = computeCard('leaderboard', config({ group_by: 'energy_consultants' }), rows, { display });
    expect(ecs).toEqual({
      kind: 'groups',
      groups: [
        { key: 'u2', label: 'Ugo Two', value: 2, rows: 2 },
        { key: 'u1', label: 'Uma One', value: 1, rows: 1 },
      ],
      rows: 4,
    });
  });

  it('group dates and times by day, and booleans as true or false', () => {
    const byDay = computeCard('chart', config({ group_by: 'created_at' }), rows);
    const days = byDay.kind === 'groups' ? byDay.groups.map((g) => g.key) : [];
    expect(days).toHaveLength(3);
    expect(days.every((d) => d === '' || /^\d{4}-\d\d-\d\d$/.test(d))).toBe(true);
    const roof = computeCard('table', config({ group_by: 'new_roof' }), rows);
    expect(roof.kind === 'groups' && roof.groups.map((g) => [g.key, g.rows])).toEqual([
      ['', 2],
      ['false', 1],
      ['true', 1],
    ]);
  });

  it(`show at most ${DEFAULT_CARD_LIMIT} groups unless the card says otherwise`, () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ _id: String(i), city: `City ${i}` }));
    const result = computeCard('chart', config({ group_by: 'city' }), many);
    expect(result.kind === 'groups' && result.groups).toHaveLength(DEFAULT_CARD_LIMIT);
    expect(result.kind === 'groups' && result.rows).toBe(30);
  });
});

describe('table and map cards', () => {
  it("list the first rows with the card's columns, and count them all", () => {
    const card = config({ columns: ['name', 'owner_id', 'nope'], limit: 2 });
    const result = computeCard('table', card, rows, { sort: [] });
    expect(result).toEqual({
      kind: 'rows',
      columns: ['name', 'owner_id'],
      rows: [
        { _id: 'a', name: 'Ann', owner_id: 'u1' },
        { _id: 'b', name: 'Bob', owner_id: 'u2' },
      ],
      total: 4,
    });
    // In the view's order, else the table's (contacts: last changed first).
    const dated = rows.map((r, i) => ({ ...r, updated_at: `2026-03-0${i + 1}T00:00:00Z` }));
    const ids = (r: ReturnType<typeof computeCard>) => (r.kind === 'rows' ? r.rows.map((x) => x._id) : []);
    expect(ids(computeCard('table', card, dated))).toEqual(['d', 'c']);
    expect(ids(computeCard('table', card, dated, { sort: [{ field: 'name', desc: false }] }))).toEqual([
      'a',
      'b',
    ]);
    expect(cardColumns('table', config())).toEqual(
      ['address', 'deal_stage_status', 'name', 'owner_id', 'phone', 'updated_at'].sort(),
    );
  });

  it('place the rows that have a position, at most maxPoints of them', () => {
    const at: Record<string, [number, number]> = { a: [-97.1, 32.7], c: [-97.2, 32.8] };
    const position = (row: Row) => at[String(row._id)];
    expect(computeCard('map', config(), rows, { position })).toEqual({
      kind: 'points',
      points: [
        [-97.1, 32.7],
        [-97.2, 32.8],
      ],
      total: 2,
    });
    expect(computeCard('map', config(), rows, { position, maxPoints: 1 })).toEqual({
      kind: 'points',
      points: [[-97.1, 32.7]],
      total: 2,
    });
    expect(computeCard('map', config(), rows)).toEqual({ kind: 'points', points: [], total: 0 });
  });
});

describe('cards that cannot be computed', () => {
  it('say why instead of failing: an unknown grouping or measured field, a measure of text', () => {
    const cases: [Parameters<typeof computeCard>[0], CardConfig, CardConfigError['code']][] = [
      ['chart', config({ group_by: 'no_such_field' }), 'unknown_field'],
      ['number', config({ measure: { op: 'sum', field: 'no_such_field' } }), 'unknown_field'],
      ['number', config({ measure: { op: 'avg', field: 'name' } }), 'not_numeric'],
      ['number', config({ measure: { op: 'sum' } }), 'no_field'],
      ['chart', config(), 'no_field'],
      ['number', config({ table: 'nope' as CardConfig['table'] }), 'unknown_table'],
    ];
    for (const [type, card, code] of cases) {
      expect(() => computeCard(type, card, rows)).toThrow(CardConfigError);
      try {
        computeCard(type, card, rows);
      } catch (err) {
        expect((err as CardConfigError).code).toBe(code);
        expect((err as Error).message.length).toBeGreaterThan(10);
      }
      const safe = computeCardSafely(type, card, rows);
      expect('error' in safe && safe.error).toBeTruthy();
    }
  });
});

describe('properties', () => {
  const stage = fc.constantFrom('Contact', 'Lead', 'Sold', '', null);
  const owner = fc.constantFrom('u1', 'u2', 'u3', null);
  const amount = fc.oneof(fc.integer({ min: -1000, max: 100_000 }), fc.constant(null), fc.constant('x'));
  const row = fc.record({ deal_stage: stage, owner_id: owner, contract_amount: amount });
  const table = fc
    .array(row, { maxLength: 60 })
    .map((list) => list.map((r, i) => ({ _id: String(i), ...r })));
  const filters = fc.array(
    fc.oneof(
      fc.record({
        field: fc.constant('deal_stage'),
        op: fc.constantFrom('any_of' as const, 'none_of' as const),
        value: fc.array(
          stage.map((s) => s ?? ''),
          { minLength: 1, maxLength: 2 },
        ),
      }),
      fc.record({
        field: fc.constant('contract_amount'),
        op: fc.constantFrom('gt' as const, 'lte' as const, 'empty' as const),
        value: fc.integer({ min: 0, max: 50_000 }),
      }),
    ),
    { maxLength: 3 },
  );

  it("a chart's group counts add up to the filtered rows, and to the count card's number", () => {
    fc.assert(
      fc.property(table, filters, fc.constantFrom('all' as const, 'any' as const), (list, rules, match) => {
        const base = config({ filters: rules, match, limit: 100 });
        const count = computeCard('number', base, list);
        const chart = computeCard('chart', { ...base, group_by: 'deal_stage' }, list);
        if (count.kind !== 'number' || chart.kind !== 'groups') return false;
        const total = chart.groups.reduce((n, g) => n + g.rows, 0);
        const values = chart.groups.map((g) => g.value);
        return (
          total === count.value &&
          chart.rows === count.rows &&
          values.every((v, i) => i === 0 || (values[i - 1] as number) >= v)
        );
      }),
    );
  });

  it("the groups' sums add up to the card's sum, and every configuration the schema accepts computes", () => {
    fc.assert(
      fc.property(table, filters, (list, rules) => {
        const base = config({ filters: rules, measure: { op: 'sum', field: 'contract_amount' }, limit: 100 });
        expect(cardConfigSchema.safeParse(base).success).toBe(true);
        const sum = computeCard('number', base, list);
        const chart = computeCard('chart', { ...base, group_by: 'owner_id' }, list);
        if (sum.kind !== 'number' || chart.kind !== 'groups') return false;
        return Math.abs(chart.groups.reduce((n, g) => n + g.value, 0) - sum.value) < 1e-6;
      }),
    );
  });
});
