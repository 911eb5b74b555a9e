import { describe, expect, it } from 'vitest';
import { applyViewQuery, filterRows, groupRows, operatorsFor, ruleIsComplete } from './query.ts';
import type { ColumnDefinition } from './registry.ts';
import type { FilterRule, ViewQuery } from './viewQuery.ts';

const columns: ColumnDefinition[] = [
  { key: 'name', label: 'Name', type: 'text' },
  { key: 'bill', label: 'Bill', type: 'currency' },
  { key: 'appointment_date', label: 'Appointment Date', type: 'date' },
  { key: 'updated_at', label: 'Updated', type: 'datetime' },
  { key: 'new_roof', label: 'New roof', type: 'boolean' },
  { key: 'deal_stage_status', label: 'Status', type: 'status' },
  { key: 'energy_consultants', label: 'ECs', type: 'users' },
];

const rows = [
  {
    _id: 'a',
    name: 'Ann Lee',
    bill: 120,
    appointment_date: '2026-03-01',
    updated_at: '2026-03-01T10:00:00Z',
    new_roof: true,
    deal_stage_status: 'Not Home 1',
    energy_consultants: ['u1'],
  },
  {
    _id: 'b',
    name: 'bob stone',
    bill: 80,
    appointment_date: '2026-03-05',
    updated_at: '2026-03-04T10:00:00Z',
    new_roof: false,
    deal_stage_status: 'Sold',
    energy_consultants: [],
  },
  {
    _id: 'c',
    name: 'Cara Lee',
    bill: null,
    appointment_date: null,
    updated_at: '2026-02-01T10:00:00Z',
    deal_stage_status: '',
    energy_consultants: ['u2', 'u1'],
  },
  {
    _id: 'd',
    name: '',
    bill: '200',
    appointment_date: '2026-02-20',
    updated_at: null,
    new_roof: 'true',
    deal_stage_status: 'Not Home 1',
  },
];

const q = (over: Partial<ViewQuery>): ViewQuery => ({
  filters: [],
  match: 'all',
  sort: [],
  search: '',
  ...over,
});
const ids = (over: Partial<ViewQuery>, now?: number) =>
  applyViewQuery(rows, q(over), columns, { now }).map((r) => r._id);
const one = (rule: FilterRule, now?: number) => ids({ filters: [rule] }, now);

describe('filters', () => {
  it('text operators ignore case and treat missing values as empty', () => {
    expect(one({ field: 'name', op: 'contains', value: 'LEE' })).toEqual(['a', 'c']);
    expect(one({ field: 'name', op: 'not_contains', value: 'lee' })).toEqual(['b', 'd']);
    expect(one({ field: 'name', op: 'is', value: 'Bob Stone' })).toEqual(['b']);
    expect(one({ field: 'name', op: 'is_not', value: 'bob stone' })).toEqual(['a', 'c', 'd']);
    expect(one({ field: 'name', op: 'starts_with', value: 'c' })).toEqual(['c']);
    expect(one({ field: 'name', op: 'empty' })).toEqual(['d']);
    expect(one({ field: 'name', op: 'not_empty' })).toEqual(['a', 'b', 'c']);
  });

  it('number operators read numeric strings and never match empty values (except ≠)', () => {
    expect(one({ field: 'bill', op: 'eq', value: 200 })).toEqual(['d']);
    expect(one({ field: 'bill', op: 'neq', value: 80 })).toEqual(['a', 'c', 'd']);
    expect(one({ field: 'bill', op: 'lt', value: 120 })).toEqual(['b']);
    expect(one({ field: 'bill', op: 'lte', value: '120' })).toEqual(['a', 'b']);
    expect(one({ field: 'bill', op: 'gt', value: 120 })).toEqual(['d']);
    expect(one({ field: 'bill', op: 'gte', value: 120 })).toEqual(['a', 'd']);
    expect(one({ field: 'bill', op: 'between', value: [80, 120] })).toEqual(['a', 'b']);
    expect(one({ field: 'bill', op: 'between', value: ['', 100] })).toEqual(['b']);
    expect(one({ field: 'bill', op: 'empty' })).toEqual(['c']);
  });

  it('date operators work by whole days', () => {
    expect(one({ field: 'appointment_date', op: 'on', value: '2026-03-05' })).toEqual(['b']);
    expect(one({ field: 'appointment_date', op: 'before', value: '2026-03-01' })).toEqual(['d']);
    expect(one({ field: 'appointment_date', op: 'after', value: '2026-03-01' })).toEqual(['b']);
    expect(one({ field: 'appointment_date', op: 'between', value: ['2026-02-20', '2026-03-01'] })).toEqual([
      'a',
      'd',
    ]);
    expect(one({ field: 'appointment_date', op: 'empty' })).toEqual(['c']);
    const now = new Date(2026, 2, 5, 12).getTime();
    expect(one({ field: 'appointment_date', op: 'last_days', value: 4 }, now)).toEqual(['a', 'b']);
    expect(
      one({ field: 'updated_at', op: 'last_days', value: 2 }, new Date('2026-03-04T12:00:00Z').getTime()),
    ).toEqual(['b']);
    expect(one({ field: 'updated_at', op: 'after', value: '2026-03-02' })).toEqual(['b']);
  });

  it('boolean operators', () => {
    expect(one({ field: 'new_roof', op: 'is_true' })).toEqual(['a', 'd']);
    expect(one({ field: 'new_roof', op: 'is_false' })).toEqual(['b', 'c']);
  });

  it('choice operators, also over lists of values', () => {
    expect(one({ field: 'deal_stage_status', op: 'any_of', value: ['Sold', 'Not Home 1'] })).toEqual([
      'a',
      'b',
      'd',
    ]);
    expect(one({ field: 'deal_stage_status', op: 'none_of', value: ['Sold'] })).toEqual(['a', 'c', 'd']);
    expect(one({ field: 'deal_stage_status', op: 'empty' })).toEqual(['c']);
    expect(one({ field: 'energy_consultants', op: 'any_of', value: ['u1'] })).toEqual(['a', 'c']);
    expect(one({ field: 'energy_consultants', op: 'empty' })).toEqual(['b', 'd']);
  });

  it('incomplete rules, unknown fields and bad values filter nothing', () => {
    expect(one({ field: 'name', op: 'contains', value: '' })).toEqual(['a', 'b', 'c', 'd']);
    expect(one({ field: 'nope', op: 'contains', value: 'x' })).toEqual(['a', 'b', 'c', 'd']);
    expect(one({ field: 'bill', op: 'gt', value: 'abc' })).toEqual(['a', 'b', 'c', 'd']);
    expect(one({ field: 'appointment_date', op: 'on', value: 'not a date' })).toEqual(['a', 'b', 'c', 'd']);
    expect(one({ field: 'deal_stage_status', op: 'any_of', value: [] })).toEqual(['a', 'b', 'c', 'd']);
    expect(ruleIsComplete({ field: 'x', op: 'between', value: ['', ''] })).toBe(false);
    expect(ruleIsComplete({ field: 'x', op: 'empty' })).toBe(true);
  });

  it('all / any', () => {
    const filters: FilterRule[] = [
      { field: 'name', op: 'contains', value: 'lee' },
      { field: 'bill', op: 'gt', value: 100 },
    ];
    expect(ids({ filters, match: 'all' })).toEqual(['a']);
    expect(ids({ filters, match: 'any' })).toEqual(['a', 'c', 'd']);
  });

  it('quick search looks across the given columns only, combined with filters', () => {
    expect(ids({ search: ' not home ' })).toEqual(['a', 'd']);
    expect(ids({ search: 'not home', filters: [{ field: 'bill', op: 'gt', value: 150 }] })).toEqual(['d']);
    expect(applyViewQuery(rows, q({ search: 'not home' }), columns, { searchColumns: ['name'] }).length).toBe(
      0,
    );
    // Filters still reach columns the search does not look in.
    expect(
      applyViewQuery(
        rows,
        q({ search: 'lee', filters: [{ field: 'bill', op: 'gt', value: 100 }] }),
        columns,
        {
          searchColumns: ['name'],
        },
      ).map((r) => r._id),
    ).toEqual(['a']);
    // A display function lets search find a user by name rather than id.
    const display = (c: ColumnDefinition, v: unknown) =>
      c.type === 'users' ? (v as string[]).map((id) => (id === 'u2' ? 'Zed' : 'Yan')).join(' ') : String(v);
    expect(applyViewQuery(rows, q({ search: 'zed' }), columns, { display }).map((r) => r._id)).toEqual(['c']);
  });
});

describe('sort', () => {
  it('sorts text without regard to case, empties last in both directions', () => {
    expect(ids({ sort: [{ field: 'name', desc: false }] })).toEqual(['a', 'b', 'c', 'd']);
    expect(ids({ sort: [{ field: 'name', desc: true }] })).toEqual(['c', 'b', 'a', 'd']);
    expect(ids({ sort: [{ field: 'bill', desc: false }] })).toEqual(['b', 'a', 'd', 'c']);
    expect(ids({ sort: [{ field: 'bill', desc: true }] })).toEqual(['d', 'a', 'b', 'c']);
    expect(ids({ sort: [{ field: 'appointment_date', desc: true }] })).toEqual(['b', 'a', 'd', 'c']);
  });

  it('multi-sort applies rules in turn and is stable', () => {
    expect(
      ids({
        sort: [
          { field: 'deal_stage_status', desc: false },
          { field: 'bill', desc: true },
        ],
      }),
    ).toEqual(['d', 'a', 'b', 'c']);
    const many = Array.from({ length: 50 }, (_, i) => ({ _id: String(i), name: i % 2 ? 'x' : 'y' }));
    const sorted = applyViewQuery(many, q({ sort: [{ field: 'name', desc: false }] }), columns);
    expect(sorted.slice(0, 3).map((r) => r._id)).toEqual(['1', '3', '5']);
    const desc = applyViewQuery(many, q({ sort: [{ field: 'name', desc: true }] }), columns);
    expect(desc.slice(0, 3).map((r) => r._id)).toEqual(['48', '46', '44']);
  });

  it('filtering sorted rows gives what sorting filtered rows gives', () => {
    const sort = [{ field: 'bill', desc: true }];
    const filters: FilterRule[] = [{ field: 'name', op: 'not_empty' }];
    const sorted = applyViewQuery(rows, q({ sort }), columns);
    expect(filterRows(sorted, q({ filters }), columns).map((r) => r._id)).toEqual(ids({ sort, filters }));
  });

  it('does not change the input', () => {
    const copy = rows.slice();
    applyViewQuery(rows, q({ sort: [{ field: 'name', desc: true }] }), columns);
    expect(rows).toEqual(copy);
  });
});

describe('groups and operators', () => {
  it('groups keep row order, come in value order, empties last', () => {
    const groups = groupRows(rows, columns[5] as ColumnDefinition);
    expect(groups.map((g) => [g.key, g.rows.map((r) => r._id)])).toEqual([
      ['Not Home 1', ['a', 'd']],
      ['Sold', ['b']],
      ['', ['c']],
    ]);
    expect(groupRows(rows, columns[4] as ColumnDefinition).map((g) => g.key)).toEqual(['false', 'true', '']);
  });

  it('offers operators fit for each type', () => {
    expect(operatorsFor('text')).toContain('starts_with');
    expect(operatorsFor('currency')).toContain('between');
    expect(operatorsFor('date')).toContain('last_days');
    expect(operatorsFor('boolean')).toEqual(['is_true', 'is_false']);
    expect(operatorsFor('user')).toEqual(['any_of', 'none_of', 'empty', 'not_empty']);
  });
});
