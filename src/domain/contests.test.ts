import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTEST_DATES_MESSAGE,
  type ContestFacts,
  type ContestRows,
  compareContests,
  contestChangeProblem,
  contestParticipants,
  contestSales,
  contestStandings,
  contestStatus,
  contestWinner,
  DECIDED_CONTEST_MESSAGE,
  drawPool,
  drawWinner,
  shownStandings,
} from './contests.ts';
import type { LeaderboardActivity } from './leaderboard.ts';
import { recordFieldsSchema } from './schemas/records.ts';

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [ANA, BEN, CARA, DAN, EVE] = [U(1), U(2), U(3), U(4), U(5)] as [string, string, string, string, string];
const TEAM_A = U(101);
const TEAM_B = U(102);
const REGION = U(201);

let seq = 0;
function won(actor: string, lead: string, date: string, status = 'Closed Won'): LeaderboardActivity {
  seq += 1;
  return {
    _id: `a${seq}`,
    type: 'lead_status_change',
    actor_id: actor,
    date,
    lead_refs: [lead],
    data: { field: 'deal_stage_status', old: 'Appointment Set', new: status },
  };
}

function rows(over: Partial<ContestRows> = {}): ContestRows {
  return {
    users: [
      { _id: ANA },
      { _id: BEN },
      { _id: CARA },
      { _id: DAN, status: false },
      { _id: EVE, deleted_at: '2026-01-01T00:00:00Z' },
    ],
    teams: [
      { _id: TEAM_A, region_id: null },
      { _id: TEAM_B, region_id: REGION },
    ],
    regions: [{ _id: REGION, manager_ids: [CARA] }],
    members: [
      { team_id: TEAM_A, user_id: ANA },
      { team_id: TEAM_A, user_id: DAN },
      { team_id: TEAM_B, user_id: BEN },
    ],
    activities: [],
    leads: [],
    ...over,
  };
}

const NOV: ContestFacts = {
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  contest_qualifier: 'Sales Number',
  team_ids: [],
  region_ids: [],
};

describe('contestStatus', () => {
  it('is upcoming before the start day, running through the end day (UTC), then ended, or decided', () => {
    expect(contestStatus(NOV, new Date('2026-10-31T23:59:59Z'))).toBe('upcoming');
    expect(contestStatus(NOV, new Date('2026-11-01T00:00:00Z'))).toBe('running');
    expect(contestStatus(NOV, new Date('2026-11-30T23:59:59Z'))).toBe('running');
    expect(contestStatus(NOV, new Date('2026-12-01T00:00:00Z'))).toBe('ended');
    expect(contestStatus({ ...NOV, decided_at: '2026-12-01T00:15:00Z' }, new Date('2026-12-02'))).toBe(
      'decided',
    );
  });

  it('lists running contests first, then upcoming (soonest first), then finished (latest first)', () => {
    const now = new Date('2026-11-15T12:00:00Z');
    const list = [
      { name: 'old', start_date: '2026-09-01', end_date: '2026-09-30' },
      { name: 'later', start_date: '2027-02-01', end_date: '2027-02-28' },
      { name: 'now', start_date: '2026-11-01', end_date: '2026-11-30' },
      { name: 'soon', start_date: '2026-12-01', end_date: '2026-12-31' },
      { name: 'recent', start_date: '2026-10-01', end_date: '2026-10-31', decided_at: '2026-11-01' },
    ];
    expect(list.sort((a, b) => compareContests(a, b, now)).map((c) => c.name)).toEqual([
      'now',
      'soon',
      'later',
      'recent',
      'old',
    ]);
  });
});

describe('contestParticipants', () => {
  it('is every active user of the org when the contest names no team and no region', () => {
    expect(contestParticipants(NOV, rows())).toEqual([ANA, BEN, CARA]);
  });

  it("is the active members of its teams, its regions' teams and its regions' managers", () => {
    expect(contestParticipants({ ...NOV, team_ids: [TEAM_A] }, rows())).toEqual([ANA]);
    expect(contestParticipants({ ...NOV, region_ids: [REGION] }, rows())).toEqual([BEN, CARA]);
    expect(contestParticipants({ ...NOV, team_ids: [TEAM_A], region_ids: [REGION] }, rows())).toEqual([
      ANA,
      BEN,
      CARA,
    ]);
  });
});

describe('contestSales and contestStandings', () => {
  const leads = [
    { _id: 'L1', contract_amount: 30_000 },
    { _id: 'L2', contract_amount: 12_500.5 },
    { _id: 'L3', contract_amount: 40_000, contract_signed_date: '2026-11-20' },
    { _id: 'L4', contract_amount: 9_000 },
    { _id: 'L5', contract_amount: null },
  ];
  const activities = [
    won(ANA, 'L1', '2026-11-03T15:00:00Z'),
    // The same lead won again later is still one sale.
    won(ANA, 'L1', '2026-11-09T15:00:00Z'),
    won(ANA, 'L2', '2026-11-04T10:00:00Z'),
    // Closed in October, but its contract was signed in the contest.
    won(BEN, 'L3', '2026-10-28T10:00:00Z'),
    // After the end day.
    won(CARA, 'L4', '2026-12-01T00:00:01Z'),
    won(CARA, 'L5', '2026-11-30T23:59:00Z'),
    // Not a sale by the leaderboard's rule.
    won(CARA, 'L4', '2026-11-10T10:00:00Z', 'Appointment Set'),
  ];

  it("counts each lead's first 'Closed Won' change, dated by contract_signed_date when set", () => {
    const sales = contestSales({ activities, leads });
    expect(sales.map((s) => [s.lead_id, s.user_id, s.day, s.amount])).toEqual([
      ['L1', ANA, '2026-11-03', 30_000],
      ['L2', ANA, '2026-11-04', 12_500.5],
      ['L3', BEN, '2026-11-20', 40_000],
      ['L4', CARA, '2026-12-01', 9_000],
      ['L5', CARA, '2026-11-30', 0],
    ]);
  });

  it('ranks by number for Sales Number, by volume for Sales Volume', () => {
    const data = rows({ activities, leads });
    expect(contestStandings(NOV, data)).toEqual([
      { user_id: ANA, sales_number: 2, sales_volume: 42_500.5, rank: 1 },
      { user_id: BEN, sales_number: 1, sales_volume: 40_000, rank: 2 },
      { user_id: CARA, sales_number: 1, sales_volume: 0, rank: 3 },
    ]);
    const byVolume = contestStandings({ ...NOV, contest_qualifier: 'Sales Volume' }, data);
    expect(byVolume.map((s) => [s.user_id, s.rank])).toEqual([
      [ANA, 1],
      [BEN, 2],
      [CARA, 3],
    ]);
    const shortContest = { ...NOV, contest_qualifier: 'Sales Volume', end_date: '2026-11-10' };
    expect(contestStandings(shortContest, data).map((s) => [s.user_id, s.sales_volume])).toEqual([
      [ANA, 42_500.5],
      [BEN, 0],
      [CARA, 0],
    ]);
  });

  it('ignores sales of people outside the contest and shares ranks on equal results', () => {
    const data = rows({ activities: [won(BEN, 'L1', '2026-11-03T15:00:00Z')], leads });
    const standings = contestStandings({ ...NOV, team_ids: [TEAM_A] }, data);
    expect(standings).toEqual([{ user_id: ANA, sales_number: 0, sales_volume: 0, rank: 1 }]);
    const all = contestStandings(NOV, rows({ leads }));
    expect(all.map((s) => s.rank)).toEqual([1, 1, 1]);
  });

  it('a winner is the first of the standings, or for Random a draw among those who sold', () => {
    const data = rows({ activities, leads });
    const standings = contestStandings(NOV, data);
    expect(contestWinner(NOV, standings, 'x')).toBe(ANA);
    expect(drawPool(standings)).toEqual([ANA, BEN, CARA]);
    const shortContest = { ...NOV, end_date: '2026-11-05', contest_qualifier: 'Random' };
    const short = contestStandings(shortContest, data);
    expect(drawPool(short)).toEqual([ANA]);
    expect(contestWinner(shortContest, short, 'any seed')).toBe(ANA);
    // Nobody sold: everyone is in the draw.
    expect(drawPool(contestStandings(NOV, rows()))).toEqual([ANA, BEN, CARA]);
    expect(contestWinner(NOV, [], 'x')).toBeUndefined();
    // Nobody sold: no winner by number or volume.
    expect(contestWinner(NOV, contestStandings(NOV, rows()), 'x')).toBeUndefined();
    expect(
      contestWinner({ ...NOV, contest_qualifier: 'Sales Volume' }, contestStandings(NOV, rows()), 'x'),
    ).toBeUndefined();
  });
});

describe('drawWinner', () => {
  const uuid = fc.uuid();

  it('gives the same person for the same participants and seed, in any order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(uuid, { minLength: 1, maxLength: 30 }), fc.string(), (people, seed) => {
        const first = drawWinner(people, seed);
        expect(people).toContain(first);
        expect(drawWinner([...people].reverse(), seed)).toBe(first);
        expect(drawWinner(people, seed)).toBe(first);
      }),
    );
  });

  it('gives every participant a chance over many seeds', () => {
    const people = [ANA, BEN, CARA, DAN];
    const seen = new Map<string, number>();
    for (let i = 0; i < 4000; i++) {
      const w = drawWinner(people, `seed-${i}`) as string;
      seen.set(w, (seen.get(w) ?? 0) + 1);
    }
    for (const p of people) expect(seen.get(p) ?? 0).toBeGreaterThan(800);
  });

  it('has no winner without participants', () => {
    expect(drawWinner([], 'seed')).toBeUndefined();
  });
});

describe('contest changes', () => {
  it('refuses an end day before the start day, as a field error on end_date', () => {
    const parsed = recordFieldsSchema('contests', true).safeParse({
      name: 'Sprint',
      start_date: '2026-11-10',
      end_date: '2026-11-09',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['end_date'], message: CONTEST_DATES_MESSAGE });
    expect(contestChangeProblem({ ...NOV }, { end_date: '2026-10-31' })).toEqual({
      field: 'end_date',
      message: CONTEST_DATES_MESSAGE,
    });
    expect(contestChangeProblem({ ...NOV }, { end_date: '2026-11-01' })).toBeUndefined();
  });

  it('never lets a device set what the server decides', () => {
    for (const field of ['winner_id', 'winner_seed', 'decided_at', 'standings']) {
      const parsed = recordFieldsSchema('contests', false).safeParse({ [field]: null });
      expect(parsed.success).toBe(false);
    }
  });

  it('keeps a decided contest as it was but for its description', () => {
    const decided = { ...NOV, name: 'Sprint', decided_at: '2026-12-01T00:15:00Z' };
    expect(contestChangeProblem(decided, { description: 'Well done all' })).toBeUndefined();
    expect(contestChangeProblem(decided, { name: 'Sprint', description: 'x' })).toBeUndefined();
    expect(contestChangeProblem(decided, { name: 'Other' })).toEqual({
      field: 'request',
      message: DECIDED_CONTEST_MESSAGE,
    });
  });
});

describe('shownStandings', () => {
  it("raises the device's live count to the server's where the server saw more", () => {
    const live = [
      { user_id: ANA, sales_number: 2, sales_volume: 500, rank: 1 },
      { user_id: BEN, sales_number: 0, sales_volume: 0, rank: 2 },
    ];
    const server = [
      { user_id: ANA, sales_number: 1, sales_volume: 900, rank: 2 },
      { user_id: BEN, sales_number: 3, sales_volume: 100, rank: 1 },
      { user_id: CARA, sales_number: 1, sales_volume: 50, rank: 3 },
      { junk: true },
    ];
    expect(shownStandings(NOV, live, server)).toEqual([
      { user_id: BEN, sales_number: 3, sales_volume: 100, rank: 1 },
      { user_id: ANA, sales_number: 2, sales_volume: 500, rank: 2 },
      { user_id: CARA, sales_number: 1, sales_volume: 50, rank: 3 },
    ]);
    expect(shownStandings(NOV, live, null)).toEqual(live);
  });
});
