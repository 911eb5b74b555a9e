import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
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
  const cases: [string, WinnerActivity[], Record<string, [string, number] | undefined>][] = [
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
      'a sale is a move into the Customer stage; stage and status of one edit are one sale',
      [
        moved('a', '2026-11-17T10:00:00Z', 'l1', 'Lead', 'Customer'),
        status('a', '2026-11-17T10:00:00Z', 'l1', 'Closed Won', 'Contract Signed'),
        moved('b', '2026-11-17T11:00:00Z', 'l2', 'Contact', 'Customer'),
        status('b', '2026-11-18T11:00:00Z', 'l3', 'Appointment Set', 'CRC'),
      ],
      { sales: ['b', 2] },
    ],
    [
      'moves within or past the sold stages are no new sale; moves back are none',
      [
        moved('a', '2026-11-17T10:00:00Z', 'l1', 'Customer', 'Service'),
        status('a', '2026-11-17T10:00:00Z', 'l2', 'CRC', 'Permit Sent'),
        moved('a', '2026-11-17T10:00:00Z', 'l3', 'Customer', 'Lead'),
        moved('b', '2026-11-17T12:00:00Z', 'l4', null, 'Customer'),
      ],
      { sales: ['b', 1] },
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

  it.each(cases)('%s', (_name, rows, expected) => {
    const winners = weeklyWinners(rows, DEFAULT_DEAL_STAGES, WEEK);
    const got = Object.fromEntries(winners.map((w) => [w.category, [w.user_id, w.count]]));
    expect(got).toEqual(expected);
  });

  it('only eligible people win', () => {
    const rows = [
      addLead('gone', '2026-11-17T10:00:00Z', 'l1'),
      addLead('gone', '2026-11-17T11:00:00Z', 'l2'),
      addLead('here', '2026-11-18T10:00:00Z', 'l3'),
    ];
    const [winner] = weeklyWinners(rows, DEFAULT_DEAL_STAGES, WEEK, new Set(['here']));
    expect(winner).toMatchObject({
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
        kind: fc.constantFrom('add', 'sale', 'install'),
        user: fc.constantFrom(...users),
        lead: fc.constantFrom(...leads),
        // A few distinct instants, so ties at one instant happen often.
        minute: fc.integer({ min: 0, max: 5 }),
      })
      .map(({ kind, user, lead, minute }) => {
        const date = new Date(WEEK.start.getTime() + 3_600_000 + minute * 60_000).toISOString();
        if (kind === 'add') return addLead(user, date, lead);
        if (kind === 'sale') return moved(user, date, lead, 'Lead', 'Customer');
        return status(user, date, lead, 'Install Ready', 'Installation Completed');
      });
    fc.assert(
      fc.property(
        fc
          .array(row, { maxLength: 30 })
          .chain((rows) =>
            fc.tuple(
              fc.constant(rows),
              fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }),
            ),
          ),
        ([rows, shuffled]) => {
          expect(weeklyWinners(shuffled, DEFAULT_DEAL_STAGES, WEEK)).toEqual(
            weeklyWinners(rows, DEFAULT_DEAL_STAGES, WEEK),
          );
        },
      ),
    );
  });
});
