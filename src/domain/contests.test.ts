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
import { DEFAULT_DEAL_STAGES } from './dealStages.ts';
import { salesOf } from './sales.ts';
import { recordFieldsSchema } from './schemas/records.ts';

const U = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [ANA, BEN, CARA, DAN, EVE] = [U(1), U(2), U(3), U(4), U(5)] as [string, string, string, string, string];
const TEAM_A = U(101);
const TEAM_B = U(102);
const REGION = U(201);

/** A contact of `owner` at `status` (its stage the status's), with its deal fields. */
function deal(id: string, owner: string, status: string, fields: Record<string, unknown> = {}) {
  const stage = DEFAULT_DEAL_STAGES.find((s) => s.options.some((o) => o.value === status))?.value;
  return { _id: id, owner_id: owner, deal_stage: stage, deal_stage_status: status, ...fields };
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
    sales: [],
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
  // The last moves onto the sold stage (UTC days) of the sales without a Contract Signed Date.
  const soldOn = new Map([
    ['L1', '2026-11-03'],
    ['L2', '2026-11-04'],
    ['L4', '2026-12-01'],
    ['L5', '2026-11-30'],
  ]);
  const contacts = [
    deal('L1', ANA, 'Contract Signed', { contract_amount: 30_000 }),
    deal('L2', ANA, 'Install Ready', { contract_amount: 12_500.5 }),
    // Moved onto the sold stage in October, but its contract was signed in the contest.
    deal('L3', BEN, 'CRC', { contract_amount: 40_000, contract_signed_date: '2026-11-20' }),
    // After the end day.
    deal('L4', CARA, 'Contract Signed', { contract_amount: 9_000 }),
    deal('L5', CARA, 'Contract Signed', { contract_amount: null }),
    // Not sales: a Closed Won lead, a cancelled contract, a sale with no day.
    deal('L6', CARA, 'Closed Won', { contract_amount: 1, contract_signed_date: '2026-11-10' }),
    deal('L7', BEN, 'Cancellation', { contract_amount: 1, contract_signed_date: '2026-11-10' }),
    deal('L8', BEN, 'Contract Signed', { contract_amount: 1 }),
  ];
  const sales = salesOf(contacts, DEFAULT_DEAL_STAGES, soldOn);

  it('counts each sale once, credited to its owner, on its day (signed, else last sold)', () => {
    expect(contestSales({ sales }).map((s) => [s.lead_id, s.user_id, s.day, s.cents])).toEqual([
      ['L1', ANA, '2026-11-03', 3_000_000],
      ['L2', ANA, '2026-11-04', 1_250_050],
      ['L3', BEN, '2026-11-20', 4_000_000],
      ['L4', CARA, '2026-12-01', 900_000],
      ['L5', CARA, '2026-11-30', 0],
    ]);
  });

  it('sums volumes in cents', () => {
    const cents = salesOf(
      [
        deal('a', ANA, 'Contract Signed', { contract_amount: 0.1, contract_signed_date: '2026-11-02' }),
        deal('b', ANA, 'Contract Signed', { contract_amount: 0.2, contract_signed_date: '2026-11-02' }),
      ],
      DEFAULT_DEAL_STAGES,
    );
    expect(contestStandings(NOV, rows({ sales: cents }))[0]).toMatchObject({ sales_volume: 0.3 });
  });

  it('ranks by number for Sales Number, by volume for Sales Volume', () => {
    const data = rows({ sales });
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
    const bens = salesOf([deal('L1', BEN, 'Contract Signed')], DEFAULT_DEAL_STAGES, soldOn);
    const standings = contestStandings({ ...NOV, team_ids: [TEAM_A] }, rows({ sales: bens }));
    expect(standings).toEqual([{ user_id: ANA, sales_number: 0, sales_volume: 0, rank: 1 }]);
    const all = contestStandings(NOV, rows());
    expect(all.map((s) => s.rank)).toEqual([1, 1, 1]);
  });

  it('a winner is the first of the standings, or for Random a draw among those who sold', () => {
    const data = rows({ sales });
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
