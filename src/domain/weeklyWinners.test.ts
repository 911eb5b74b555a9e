import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
import { type Sale, salesOf } from './sales.ts';
import {
  type WinnerActivity,
  weekBefore,
  weekContaining,
  weekFromKey,
  weekKey,
  weeklyWinners,
  winnerMessage,
} from './weeklyWinners.ts';

// Monday 2026-11-16 to Sunday 2026-11-22 (UTC).
const WEEK =
  weekFromKey('2026-11-16') ??
  (() => {
    throw new Error('bad week');
  })();

function act(
  type: string,
  actor: string | null,
  date: string,
  lead: string,
  data: unknown = {},
): WinnerActivity {
  return { type, actor_id: actor, date, lead_refs: [lead], data };
}
const addLead = (actor: string, date: string, lead: string) => act('add_lead', actor, date, lead);
const moved = (actor: string, date: string, lead: string, old: string | null, to: string) =>
  act('moved_to', actor, date, lead, { field: 'deal_stage', old, new: to });
const status = (actor: string, date: string, lead: string, old: string, to: string) =>
  act('lead_status_change', actor, date, lead, { field: 'deal_stage_status', old, new: to });
/** The sales (src/domain/sales.ts) of contacts [id, owner, status, signed day?], `soldOn` dating the rest. */
const salesFrom = (
  contacts: [string, string, string, string?][],
  soldOn: Record<string, string> = {},
): Sale[] =>
  salesOf(
    contacts.map(([id, owner, status, signed]) => ({
      _id: id,
      owner_id: owner,
      deal_stage: DEFAULT_DEAL_STAGES.find((s) => s.options.some((o) => o.value === status))?.value,
      deal_stage_status: status,
      contract_signed_date: signed,
    })),
    DEFAULT_DEAL_STAGES,
    new Map(Object.entries(soldOn)),
  );

describe('weeks', () => {
  it.each([
    ['2026-11-16T00:00:00.000Z', '2026-11-16'],
    ['2026-11-22T23:59:59.999Z', '2026-11-16'],
    ['2026-11-23T00:00:00.000Z', '2026-11-23'],
    ['2026-11-18T12:00:00.000Z', '2026-11-16'],
    ['2027-01-01T08:00:00.000Z', '2026-12-28'],
  ])('%s is in the week of %s', (at, monday) => {
    expect(weekKey(weekContaining(new Date(at)))).toBe(monday);
  });

  it('the week before a Monday morning run is the week that just ended', () => {
    expect(weekKey(weekBefore(new Date('2026-11-23T00:05:00Z')))).toBe('2026-11-16');
    expect(weekKey(weekBefore(new Date('2026-11-29T23:00:00Z')))).toBe('2026-11-16');
  });

  it.each(['2026-11-17', '2026-13-02', 'monday', '2026-11-16T00:00', ''])('%s names no week', (key) => {
    expect(weekFromKey(key)).toBeNull();
  });

  it('a week runs Monday to the next Monday', () => {
    expect(WEEK.end.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

describe('weeklyWinners', () => {
  const cases: [string, WinnerActivity[], Record<string, [string, number] | undefined>, Sale[]?][] = [
    ['nothing happened', [], {}],
    [
      'most leads added wins',
      [
        addLead('a', '2026-11-17T10:00:00Z', 'l1'),
        addLead('b', '2026-11-17T11:00:00Z', 'l2'),
        addLead('b', '2026-11-18T11:00:00Z', 'l3'),
      ],
      { leads: ['b', 2] },
    ],
    [
      'outside the week counts for nothing',
      [
        addLead('a', '2026-11-15T23:59:59Z', 'l1'),
        addLead('a', '2026-11-23T00:00:00Z', 'l2'),
        addLead('b', '2026-11-16T00:00:00Z', 'l3'),
      ],
      { leads: ['b', 1] },
    ],
    [
      'a tie goes to whoever reached the count first',
      [
        addLead('a', '2026-11-17T10:00:00Z', 'l1'),
        addLead('b', '2026-11-17T09:00:00Z', 'l2'),
        addLead('a', '2026-11-19T10:00:00Z', 'l3'),
        addLead('b', '2026-11-18T09:00:00Z', 'l4'),
      ],
      { leads: ['b', 2] },
    ],
    [
      'a tie at the same instant goes to the smaller user id',
      [addLead('z', '2026-11-17T10:00:00Z', 'l1'), addLead('m', '2026-11-17T10:00:00Z', 'l2')],
      { leads: ['m', 1] },
    ],
    [
      "a sale is a sale of the week's days, signed or last moved onto the sold stage, its owner's",
      // Who moved or changed the status is not who sold: the owner is.
      [
        moved('a', '2026-11-17T10:00:00Z', 'l1', 'Lead', 'Customer'),
        status('a', '2026-11-17T10:00:00Z', 'l1', 'Closed Won', 'Contract Signed'),
      ],
      { sales: ['b', 2] },
      salesFrom(
        [
          ['l1', 'b', 'Contract Signed'],
          ['l2', 'b', 'CRC', '2026-11-22'],
          ['l3', 'a', 'Contract Signed', '2026-11-18'],
        ],
        { l1: '2026-11-17' },
      ),
    ],
    [
      'sales of other weeks or without a day, cancelled ones and Closed Won leads are none',
      [],
      { sales: ['b', 1] },
      salesFrom(
        [
          ['l1', 'a', 'Contract Signed', '2026-11-15'],
          ['l2', 'a', 'Contract Signed', '2026-11-23'],
          ['l3', 'a', 'Contract Signed'],
          ['l4', 'a', 'Cancellation', '2026-11-17'],
          ['l5', 'a', 'Closed Won', '2026-11-17'],
          ['l6', 'b', 'Permit Sent', '2026-11-16'],
        ],
        { l2: '2026-11-20' },
      ),
    ],
    [
      'a tie in sales goes to the earlier day, then to the smaller user id',
      [],
      { sales: ['b', 1] },
      salesFrom([
        ['l1', 'c', 'Contract Signed', '2026-11-18'],
        ['l2', 'b', 'Contract Signed', '2026-11-17'],
        ['l3', 'd', 'Contract Signed', '2026-11-17'],
      ]),
    ],
    [
      'installs: lead_installed or the status Installation Completed, once per contact',
      [
        act('lead_installed', 'a', '2026-11-17T10:00:00Z', 'l1'),
        status('a', '2026-11-17T10:00:00Z', 'l1', 'Installation Scheduled', 'Installation Completed'),
        status('b', '2026-11-18T10:00:00Z', 'l2', 'Install Ready', 'Installation Completed'),
        status('b', '2026-11-19T10:00:00Z', 'l3', 'Install Ready', 'installation completed'),
      ],
      { installs: ['b', 2] },
    ],
    [
      'activities without a person and other types count for nothing',
      [
        act('add_lead', null, '2026-11-17T10:00:00Z', 'l1'),
        act('updated_email', 'a', '2026-11-17T10:00:00Z', 'l2'),
        status('a', '2026-11-17T10:00:00Z', 'l3', 'Not Home 1', 'Not Home 2'),
      ],
      {},
    ],
    [
      'the same contact added twice by one person counts once',
      [
        addLead('a', '2026-11-17T10:00:00Z', 'l1'),
        addLead('a', '2026-11-17T11:00:00Z', 'l1'),
        addLead('b', '2026-11-17T12:00:00Z', 'l2'),
      ],
      { leads: ['a', 1] },
    ],
  ];

  it.each(cases)('%s', (_name, rows, expected, sales = []) => {
    const winners = weeklyWinners(rows, sales, WEEK);
    const got = Object.fromEntries(winners.map((w) => [w.category, [w.user_id, w.count]]));
    expect(got).toEqual(expected);
  });

  it('only eligible people win', () => {
    const rows = [
      addLead('gone', '2026-11-17T10:00:00Z', 'l1'),
      addLead('gone', '2026-11-17T11:00:00Z', 'l2'),
      addLead('here', '2026-11-18T10:00:00Z', 'l3'),
    ];
    const sales = salesFrom([
      ['l4', 'gone', 'Contract Signed', '2026-11-17'],
      ['l5', 'here', 'Contract Signed', '2026-11-19'],
    ]);
    const [sold, added] = weeklyWinners(rows, sales, WEEK, new Set(['here']));
    expect(sold).toMatchObject({
      category: 'sales',
      user_id: 'here',
      count: 1,
      achieved_at: '2026-11-19T00:00:00.000Z',
    });
    expect(added).toMatchObject({
      category: 'leads',
      user_id: 'here',
      count: 1,
      achieved_at: '2026-11-18T10:00:00.000Z',
    });
  });

  it('says who won with how many', () => {
    expect(winnerMessage('sales', 'Riley Carter', 4)).toBe('Most sales this week: Riley Carter (4)');
    expect(winnerMessage('leads', 'Sam', 1)).toBe('Most leads this week: Sam (1)');
    expect(winnerMessage('installs', 'Ana', 2)).toBe('Most installs this week: Ana (2)');
  });

  it('the order of the rows never changes the winners', () => {
    const users = ['u1', 'u2', 'u3'];
    const leads = ['l1', 'l2', 'l3', 'l4'];
    const row = fc
      .record({
        kind: fc.constantFrom('add', 'install'),
        user: fc.constantFrom(...users),
        lead: fc.constantFrom(...leads),
        // A few distinct instants, so ties at one instant happen often.
        minute: fc.integer({ min: 0, max: 5 }),
      })
      .map(({ kind, user, lead, minute }) => {
        const date = new Date(WEEK.start.getTime() + 3_600_000 + minute * 60_000).toISOString();
        if (kind === 'add') return addLead(user, date, lead);
        return status(user, date, lead, 'Install Ready', 'Installation Completed');
      });
    const sale = fc.record({
      lead_id: fc.constantFrom(...leads),
      owner_id: fc.constantFrom(...users),
      team_id: fc.constant(null),
      // A few days, so ties on one day happen often.
      day: fc.constantFrom('2026-11-16', '2026-11-17', '2026-11-23'),
      cents: fc.nat(),
      kw: fc.constant(0),
    });
    const shuffledPair = <T>(list: fc.Arbitrary<T[]>) =>
      list.chain((items) =>
        fc.tuple(
          fc.constant(items),
          fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }),
        ),
      );
    fc.assert(
      fc.property(
        shuffledPair(fc.array(row, { maxLength: 30 })),
        shuffledPair(fc.array(sale, { maxLength: 10 })),
        ([rows, shuffled], [sales, reordered]) => {
          expect(weeklyWinners(shuffled, reordered, WEEK)).toEqual(weeklyWinners(rows, sales, WEEK));
        },
      ),
    );
  });
});
