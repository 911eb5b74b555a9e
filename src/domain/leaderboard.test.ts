import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactCurrency,
  compactNumber,
  knockQualityBoard,
  type LeaderboardActivity,
  type LeaderboardMetric,
  type LeaderboardQuery,
  type LeaderboardRows,
  metricTotals,
  onBoard,
  periodRange,
  rankLeaderboard,
  usersInScope,
} from './leaderboard.ts';
import type { Sale } from './sales.ts';

const at = (hour: number) => new Date(2026, 2, 10, hour).toISOString();
const status = (id: string, actor: string, lead: string, to: string, hour = 10): LeaderboardActivity => ({
  _id: id,
  type: 'lead_status_change',
  actor_id: actor,
  date: at(hour),
  lead_refs: [lead],
  data: { field: 'deal_stage_status', old: 'Prospect', new: to },
});
const sale = (lead: string, owner: string | null, day: string | null, cents = 0, kw = 0): Sale => ({
  lead_id: lead,
  owner_id: owner,
  team_id: null,
  day,
  cents,
  kw,
});
const added = (id: string, actor: string, lead: string, hour = 10): LeaderboardActivity => ({
  _id: id,
  type: 'add_lead',
  actor_id: actor,
  date: at(hour),
  lead_refs: [lead],
  data: {},
});

const ROWS: LeaderboardRows = {
  activities: [
    status('a1', 'ana', 'l1', 'Not Home 1'),
    status('a2', 'ana', 'l2', 'Appointment Set'),
    // A status change to Closed Won is a knock, not a sale: the sales are below.
    status('a3', 'bo', 'l3', 'Closed Won'),
    status('a4', 'bo', 'l4', 'Installation Completed'),
    status('a5', 'cy', 'l5', 'Not Home 2'),
    status('a6', 'ana', 'l6', 'Not Home 1', 23),
    { ...status('a7', 'cy', 'l7', 'Closed Won'), deleted_at: at(11) },
    added('a8', 'ana', 'l8'),
    added('a9', 'cy', 'l9'),
    status('a10', 'ana', 'l10', 'Not Home 1', 3),
  ],
  created: [
    { _id: 'l8', created_by: 'ana', created_at: at(10) },
    { _id: 'l9', created_by: null, owner_id: 'cy', created_at: at(11) },
    { _id: 'l11', created_by: 'bo', created_at: at(12), deleted_at: at(13) },
    { _id: 'l12', created_by: 'bo', created_at: at(23) },
  ],
  sales: [
    sale('l3', 'bo', '2026-03-10', 2_500_000, 8.4),
    // Signed the next day, undated, nobody's: none of them counts on the 10th.
    sale('l7', 'cy', '2026-03-11', 100, 1),
    sale('l13', 'cy', null, 100, 1),
    sale('l14', null, '2026-03-10', 100, 1),
  ],
  appointments: [
    // Booked with the status change a2: one appointment.
    { _id: 'p1', lead_id: 'l2', created_by: 'ana', created_at: at(10) },
    { _id: 'p2', lead_id: 'l5', created_by: 'cy', created_at: at(12) },
    { _id: 'p3', lead_id: 'l5', created_by: 'cy', created_at: at(12), deleted_at: at(13) },
  ],
  users: [
    { _id: 'ana', name: 'Ana López', setter_closer: 'setter' },
    { _id: 'bo', name: 'Bo Ek', setter_closer: 'closer' },
    { _id: 'cy', name: 'Cy Moss', setter_closer: 'setter_closer', pfp: 'https://x/cy.png' },
    { _id: 'di', name: 'Di Ray', setter_closer: null },
    { _id: 'ed', name: 'Ed Gone', setter_closer: 'setter', status: false },
  ],
  teams: [
    { _id: 't1', name: 'Central', region_id: 'r1' },
    { _id: 't2', name: 'East', region_id: 'r1' },
    { _id: 't3', name: 'West', region_id: 'r2' },
  ],
  members: [
    { team_id: 't1', user_id: 'ana' },
    { team_id: 't1', user_id: 'di' },
    { team_id: 't2', user_id: 'bo' },
    { team_id: 't3', user_id: 'cy' },
    { team_id: 't3', user_id: 'ed' },
  ],
};

const DAY: Pick<LeaderboardQuery, 'start' | 'end'> = {
  start: new Date(2026, 2, 10, 0),
  end: new Date(2026, 2, 10, 22),
};
const query = (metric: LeaderboardMetric, more: Partial<LeaderboardQuery> = {}): LeaderboardQuery => ({
  metric,
  scope: 'org',
  board: 'all',
  ...DAY,
  ...more,
});
const viewer = { user_id: 'di', team_ids: ['t1'], region_ids: ['r1'] };

describe('metric totals', () => {
  it.each<[LeaderboardMetric, Record<string, number>]>([
    // a6 at 23:00 is after the period; a7 is deleted.
    ['knocks', { ana: 3, bo: 2, cy: 1 }],
    ['leads_added', { ana: 1, cy: 1 }],
    ['appointments_set', { ana: 1, cy: 1 }],
    ['closed_won', { bo: 1 }],
    ['installs', { bo: 1 }],
    ['revenue', { bo: 25_000 }],
    ['sold_kw', { bo: 8.4 }],
  ])('%s', (metric, expected) => {
    expect(Object.fromEntries(metricTotals(ROWS, query(metric)))).toEqual(expected);
  });

  it('counts events at the start and not at the end', () => {
    const q = query('knocks', { start: new Date(at(3)), end: new Date(at(10)) });
    expect(Object.fromEntries(metricTotals(ROWS, q))).toEqual({ ana: 1 });
  });

  it('reads status names however they are cased', () => {
    const rows = { ...ROWS, activities: [status('x', 'bo', 'l1', ' installation completed ')] };
    expect(metricTotals(rows, query('installs')).get('bo')).toBe(1);
  });

  it('counts a sale at its day’s midnight on the device clock: in a period holding it, not in one after', () => {
    expect(metricTotals(ROWS, query('closed_won', { start: new Date(2026, 2, 10, 0, 1) })).size).toBe(0);
    const twoDays = { start: new Date(2026, 2, 10), end: new Date(2026, 2, 12) };
    expect(Object.fromEntries(metricTotals(ROWS, query('closed_won', twoDays)))).toEqual({ bo: 1, cy: 1 });
    // A period ending at the 11th's midnight leaves the 11th out.
    const toEleventh = { start: new Date(2026, 2, 10), end: new Date(2026, 2, 11) };
    expect(Object.fromEntries(metricTotals(ROWS, query('closed_won', toEleventh)))).toEqual({ bo: 1 });
  });
});

describe('scope and board', () => {
  it.each([
    ['team', ['ana', 'di']],
    ['region', ['ana', 'bo', 'di']],
  ] as const)('%s', (scope, users) => {
    expect([...(usersInScope(ROWS, viewer, scope) as Set<string>)].sort()).toEqual(users);
  });

  it('org covers everyone', () => {
    expect(usersInScope(ROWS, viewer, 'org')).toBe('all');
  });

  it.each([
    ['setter', 'all', true],
    [null, 'all', true],
    ['setter', 'setter', true],
    ['setter_closer', 'setter', true],
    ['closer', 'setter', false],
    ['setter_closer', 'closer', true],
    [null, 'closer', false],
    ['setter', 'setter_closer', false],
    ['setter_closer', 'setter_closer', true],
  ] as const)('a %s is on the %s board: %s', (type, board, expected) => {
    expect(onBoard(type, board)).toBe(expected);
  });
});

describe('ranking', () => {
  it('ranks highest first, shares ranks on ties, names ties in order, keeps the viewer', () => {
    const rows = { ...ROWS, activities: [...ROWS.activities, status('b', 'bo', 'l1', 'Come Back')] };
    const board = rankLeaderboard(rows, viewer, query('knocks'));
    expect(board.map((e) => [e.rank, e.user_id, e.value, e.me])).toEqual([
      [1, 'ana', 3, false],
      [1, 'bo', 3, false],
      [3, 'cy', 1, false],
      [4, 'di', 0, true],
    ]);
    expect(board[0]).toMatchObject({ name: 'Ana López', initials: 'AL', team: 'Central', pfp: null });
    expect(board[2]).toMatchObject({ initials: 'CM', team: 'West', pfp: 'https://x/cy.png' });
  });

  it.each([
    ['team', 'all', ['ana', 'di']],
    ['region', 'closer', ['bo']],
    ['org', 'setter', ['ana', 'cy']],
    ['org', 'setter_closer', ['cy']],
  ] as const)('%s scope, %s board', (scope, board, users) => {
    const list = rankLeaderboard(ROWS, viewer, query('knocks', { scope, board }));
    expect(list.map((e) => e.user_id)).toEqual(users);
  });

  it('leaves out deactivated people', () => {
    const rows = { ...ROWS, activities: [status('e', 'ed', 'l1', 'Not Home 1')] };
    expect(rankLeaderboard(rows, viewer, query('knocks')).map((e) => e.user_id)).toEqual(['di']);
  });

  it('totals never depend on the order of the rows', () => {
    const users = ['ana', 'bo', 'cy'];
    const activity = fc.record({
      _id: fc.uuid(),
      type: fc.constantFrom('lead_status_change', 'add_lead', 'moved_to'),
      actor_id: fc.constantFrom(...users),
      date: fc.integer({ min: 0, max: 30 }).map((h) => at(h)),
      lead_refs: fc.constantFrom(['l1'], ['l2'], ['l3']),
      data: fc.constantFrom({ new: 'Appointment Set' }, { new: 'Closed Won' }, { new: 'Not Home 1' }, {}),
    });
    const drawnSale = fc.record({
      lead_id: fc.constantFrom('l1', 'l2', 'l3', 'l4'),
      owner_id: fc.constantFrom('ana', 'bo', 'cy', null),
      team_id: fc.constant(null),
      day: fc.constantFrom('2026-03-09', '2026-03-10', '2026-03-11', null),
      cents: fc.nat(10_000_000),
      kw: fc.nat(20_000).map((w) => w / 1000),
    });
    const appointment = fc.record({
      _id: fc.uuid(),
      lead_id: fc.constantFrom('l1', 'l2', 'l3'),
      created_by: fc.constantFrom(...users),
      created_at: fc.integer({ min: 0, max: 30 }).map((h) => at(h)),
    });
    fc.assert(
      fc.property(
        fc.array(activity, { maxLength: 40 }),
        fc.array(appointment, { maxLength: 10 }),
        fc.array(drawnSale, { maxLength: 10 }),
        fc.constantFrom<LeaderboardMetric>(
          'knocks',
          'leads_added',
          'appointments_set',
          'closed_won',
          'installs',
          'revenue',
          'sold_kw',
        ),
        fc.func(fc.integer()),
        (activities, appointments, sales, metric, key) => {
          const rows = { ...ROWS, activities, appointments, sales };
          const shuffled = (list: readonly object[]) =>
            [...list].sort((a, b) => key(JSON.stringify(a)) - key(JSON.stringify(b)));
          const reordered = {
            ...rows,
            activities: shuffled(activities) as LeaderboardActivity[],
            appointments: [...appointments].reverse(),
            sales: [...sales].reverse(),
            users: [...ROWS.users].reverse(),
            members: [...ROWS.members].reverse(),
          };
          const q = query(metric);
          expect(rankLeaderboard(reordered, viewer, q)).toEqual(rankLeaderboard(rows, viewer, q));
        },
      ),
    );
  });
});

describe('sales, revenue, kW sold and verified knocks', () => {
  const knock = (id: string, user: string, lead: string, classification: string, hour = 10) => ({
    _id: id,
    user_id: user,
    lead_id: lead,
    knocked_at: at(hour),
    classification,
    distance_m: classification === 'verified' ? 4 : classification === 'near' ? 60 : null,
  });
  const rows: LeaderboardRows = {
    ...ROWS,
    activities: [
      ...ROWS.activities,
      // Status changes (knocks): who made them is not who sold.
      status('s1', 'ana', 'l20', 'Closed Won', 9),
      status('s2', 'ana', 'l20', 'Closed Won', 11),
      status('s3', 'cy', 'l21', 'Closed Won', 9),
      status('s4', 'cy', 'l22', 'Closed Won', 23),
    ],
    sales: [
      ...(ROWS.sales ?? []),
      // Ana owns three sales of the 10th: 1,234.10 + 0.20 + 0.00 to the cent, 8.4 + 0.001 kW.
      sale('l20', 'ana', '2026-03-10', 123_410, 8.4),
      sale('l21', 'ana', '2026-03-10', 20, 0.001),
      sale('l22', 'ana', '2026-03-10', 0, 0),
      // Cy's is of the 9th: before the period.
      sale('l23', 'cy', '2026-03-09', 900_000, 5),
    ],
    knocks: [
      knock('k1', 'ana', 'l1', 'verified'),
      knock('k2', 'ana', 'l2', 'near'),
      knock('k3', 'bo', 'l3', 'verified'),
      knock('k4', 'bo', 'l4', 'verified'),
      knock('k5', 'cy', 'l5', 'unknown'),
      knock('k6', 'cy', 'l6', 'verified', 23),
      { ...knock('k7', 'cy', 'l7', 'verified'), deleted_at: at(12) },
    ],
  };

  it.each<[LeaderboardMetric, Record<string, number>]>([
    // One a sale, to the contact's owner, whatever status changes anyone made.
    ['closed_won', { ana: 3, bo: 1 }],
    // Summed in cents: exactly 1,234.30, the sale worth nothing adding nothing.
    ['revenue', { bo: 25_000, ana: 1_234.3 }],
    // Summed to the watt.
    ['sold_kw', { bo: 8.4, ana: 8.401 }],
  ])('%s counts the sales of the period, to their owners', (metric, expected) => {
    expect(Object.fromEntries(metricTotals(rows, query(metric)))).toEqual(expected);
  });

  it('the knocks metric counts only verified knocks when asked', () => {
    expect(Object.fromEntries(metricTotals(rows, query('knocks', { verifiedOnly: true })))).toEqual({
      ana: 1,
      bo: 2,
    });
    // All knocks: every status change (the sales above included).
    expect(Object.fromEntries(metricTotals(rows, query('knocks')))).toEqual({ ana: 5, bo: 2, cy: 2 });
    // The switch means nothing to other metrics.
    expect(metricTotals(rows, query('closed_won', { verifiedOnly: true })).get('ana')).toBe(3);
  });

  it('knock quality lists the board’s people with knocks or field time, the viewer always', () => {
    const quality = knockQualityBoard(rows, viewer, query('knocks'), {
      paths: [{ id: 'p1', user_id: 'di', started_at: at(8), ended_at: at(10) }],
      points: [],
    });
    expect(quality.map((q) => [q.user_id, q.knocks, q.verified, q.verified_share, q.field_known])).toEqual([
      ['bo', 2, 2, 1, false],
      // Ana's five status changes are her knocks; three have no knock record, so no position.
      ['ana', 5, 1, 0.2, false],
      ['cy', 2, 0, 0, false],
      ['di', 0, 0, null, true],
    ]);
    expect(quality[1]).toMatchObject({ near: 1, unknown: 3, average_distance_m: 32 });
    expect(quality[3]).toMatchObject({ me: true, time_in_field_ms: 2 * 3_600_000 });
    const team = knockQualityBoard(rows, viewer, query('knocks', { scope: 'team' }), {
      paths: [],
      points: [],
    });
    expect(team.map((q) => q.user_id)).toEqual(['ana', 'di']);
  });

  it('knock quality counts the knocks the board counts, when the device holds no knock records for them', () => {
    const twelve: LeaderboardRows = {
      ...ROWS,
      activities: Array.from({ length: 12 }, (_, i) =>
        status(`k${i}`, i < 7 ? 'ana' : 'bo', `l${i}`, 'Not Home 1'),
      ),
      knocks: [],
    };
    const board = rankLeaderboard(twelve, viewer, query('knocks'));
    const quality = knockQualityBoard(twelve, viewer, query('knocks'), { paths: [], points: [] });
    const knocksOf = (list: readonly { user_id: string }[], value: (e: never) => number) =>
      Object.fromEntries(list.map((e) => [e.user_id, value(e as never)]));
    expect(knocksOf(board, (e: { value: number }) => e.value)).toEqual({ ana: 7, bo: 5, di: 0 });
    expect(knocksOf(quality, (e: { knocks: number }) => e.knocks)).toEqual({ ana: 7, bo: 5, di: 0 });
    expect(quality.find((q) => q.user_id === 'ana')).toMatchObject({ unknown: 7, verified: 0 });
  });

  it('money reads as compact currency', () => {
    expect(compactCurrency(1234, 'en')).toBe('$1.2K');
    expect(compactCurrency(25_000, 'en')).toBe('$25K');
    expect(compactCurrency(950, 'en')).toBe('$950');
  });
});

describe('periods on the device clock', () => {
  // A Wednesday afternoon.
  const now = new Date(2026, 2, 11, 15, 30);
  it.each([
    ['today', {}, new Date(2026, 2, 11), new Date(2026, 2, 12)],
    ['week', {}, new Date(2026, 2, 9), new Date(2026, 2, 16)],
    ['month', {}, new Date(2026, 2, 1), new Date(2026, 3, 1)],
    ['custom', { from: '2026-02-27', to: '2026-03-02' }, new Date(2026, 1, 27), new Date(2026, 2, 3)],
  ] as const)('%s', (kind, days, start, end) => {
    expect(periodRange({ kind, ...days }, now)).toEqual({ start, end });
  });

  it('a week seen on a Sunday started the Monday before', () => {
    expect(periodRange({ kind: 'week' }, new Date(2026, 2, 15, 9))?.start).toEqual(new Date(2026, 2, 9));
  });

  it.each([[{}], [{ from: '2026-03-05', to: '2026-03-01' }], [{ from: 'yesterday', to: '2026-03-01' }]])(
    'a custom period without two days in order is none: %j',
    (days) => {
      expect(periodRange({ kind: 'custom', ...days }, now)).toBeNull();
    },
  );
});

describe('compact numbers', () => {
  it.each([
    [7, 'en', '7'],
    [1234, 'en', '1.2K'],
    [1_250_000, 'en', '1.3M'],
    [999, 'en', '999'],
    [1234, 'es-US', '1.2\u00a0K'],
    [1_250_000, 'es-US', '1.3\u00a0M'],
  ])('%d in %s', (value, locale, text) => {
    expect(compactNumber(value, locale)).toBe(text);
  });
});
