/**
 * The same question gives the same number on every screen: leads added, appointments set, knocks,
 * sales, revenue and kW sold this week (Mon–Sun), computed on one device's rows through the
 * dashboard's cards engine, the leaderboard's read and ranking, the knock quality section and, for
 * leads, the stored rows; and this month's sales, revenue and kW on a user's page too.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (a device database)
import { openDashboardCardReader } from '#src/db/queries/dashboardCards.ts';
// biome-ignore lint/style/noRestrictedImports: the leaderboard screen's own read, compared with the cards'
import { knockQualityRows, leaderboardReaders, leaderboardRows } from '#src/db/queries/leaderboard.ts';
// biome-ignore lint/style/noRestrictedImports: the user page's own read (useSalesFigures), compared with the cards'
import { stageMovesSince } from '#src/db/queries/stageMoves.ts';
// biome-ignore lint/style/noRestrictedImports: the user page's own read (useSalesFigures), compared with the cards'
import { RowIndexReader } from '#src/db/rowIndexReader.ts';
import { defaultCardConfig } from '#src/domain/dashboard/cards.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { knockQualityBoard, periodRange, rankLeaderboard } from '#src/domain/leaderboard.ts';
import { type MetricPeriod, SHARED_METRICS, type SharedMetric } from '#src/domain/metrics.ts';
import { monthRange, movesReadFrom, SALES_COLUMNS, salesFigures, soldDays } from '#src/domain/sales.ts';
import { CardComputer, type CardRequest } from './CardComputer.ts';

// A Wednesday: the week runs from Monday 9 March to Sunday 15 March.
const NOW = new Date(2026, 2, 11, 12);
const day = (d: number, h = 10) => new Date(2026, 2, d, h).toISOString();
const status = (id: string, actor: string, lead: string, to: string, d: number) => ({
  _id: id,
  type: 'lead_status_change',
  actor_id: actor,
  lead_refs: [lead],
  date: day(d),
  new: to,
});

const sold = (id: string, owner: string, status: string, fields: Record<string, unknown>) => ({
  _id: id,
  name: id,
  owner_id: owner,
  created_by: owner,
  created_at: day(1),
  deal_stage: 'Customer',
  deal_stage_status: status,
  ...fields,
});

async function fixture() {
  const reader = openDashboardCardReader('shared-metrics');
  const db = reader.db;
  await db.users.bulkPut([
    { _id: 'u1', name: 'Uma One', status: true },
    { _id: 'u2', name: 'Ugo Two', status: true },
  ]);
  await db.transaction('rw', [db.contacts, db.pin_changes], () =>
    db.contacts.bulkPut([
      { _id: 'a', name: 'Ann', owner_id: 'u1', created_by: 'u1', created_at: day(9, 8) },
      { _id: 'b', name: 'Bob', owner_id: 'u1', created_by: 'u1', created_at: day(11) },
      { _id: 'c', name: 'Cy', owner_id: 'u2', created_by: 'u2', created_at: day(15, 22) },
      // Imported without a creator: its owner's.
      { _id: 'd', name: 'Di', owner_id: 'u2', created_by: null, created_at: day(10) },
      // Sunday of last week: within "the last 7 days", not this week.
      { _id: 'e', name: 'Ed', owner_id: 'u1', created_by: 'u1', created_at: day(8, 23) },
      {
        _id: 'f',
        name: 'Fay',
        owner_id: 'u1',
        created_by: 'u1',
        created_at: day(10),
        deleted_at: day(10, 11),
      },
      // Set at Appointment Set long ago: not an appointment set this week.
      {
        _id: 'g',
        name: 'Gus',
        owner_id: 'u2',
        created_by: 'u2',
        created_at: day(1),
        deal_stage_status: 'Appointment Set',
      },
      // Sales (src/domain/sales.ts), each of a lead added before this week.
      sold('h', 'u1', 'Contract Signed', {
        contract_amount: 12_345.67,
        system_size_kw: 8.4,
        contract_signed_date: '2026-03-10',
      }),
      // Dated by its move onto the sold stage on Wednesday (below).
      sold('i', 'u2', 'CRC', { contract_amount: 20_000.1, system_size_kw: 6.25 }),
      // Last week, this month.
      sold('j', 'u1', 'Permit Sent', {
        contract_amount: 5_000,
        system_size_kw: 4,
        contract_signed_date: '2026-03-02',
      }),
      // Not sales this week or month: cancelled, a Closed Won lead, signed last month.
      sold('k', 'u2', 'Cancellation', { contract_amount: 1, contract_signed_date: '2026-03-10' }),
      {
        ...sold('l', 'u1', 'Closed Won', { contract_amount: 1, contract_signed_date: '2026-03-10' }),
        deal_stage: 'Lead',
      },
      sold('m', 'u2', 'Contract Signed', { contract_amount: 1, contract_signed_date: '2026-02-28' }),
    ]),
  );
  await db.activities.bulkPut([
    { _id: 'x0', type: 'add_lead', actor_id: 'u1', lead_refs: ['a'], date: day(9, 8) },
    status('x1', 'u1', 'a', 'Appointment Set', 10),
    status('x2', 'u2', 'c', 'Not Home 1', 11),
    status('x3', 'u1', 'e', 'Appointment Set', 8),
    status('x4', 'u2', 'g', 'Appointment Set', 1),
    // As pulled: a move onto the sold stage, made by someone else than the owner (not a knock).
    {
      _id: 'x5',
      type: 'moved_to',
      actor_id: 'u1',
      lead_refs: ['i'],
      date: day(11),
      old: 'Lead',
      new: 'Customer',
    },
  ]);
  await db.appointments.bulkPut([
    // Booked with the status change x1: one appointment.
    { _id: 'p1', lead_id: 'a', created_by: 'u1', created_at: day(10) },
    { _id: 'p2', lead_id: 'd', created_by: 'u2', created_at: day(12) },
  ]);
  return reader;
}

const EXPECTED: Record<SharedMetric, { total: number; byPerson: Record<string, number> }> = {
  leads_added: { total: 4, byPerson: { u1: 2, u2: 2 } },
  appointments_set: { total: 2, byPerson: { u1: 1, u2: 1 } },
  knocks: { total: 2, byPerson: { u1: 1, u2: 1 } },
  closed_won: { total: 2, byPerson: { u1: 1, u2: 1 } },
  revenue: { total: 32_345.77, byPerson: { u1: 12_345.67, u2: 20_000.1 } },
  sold_kw: { total: 14.65, byPerson: { u1: 8.4, u2: 6.25 } },
};

/** This month's sales of each owner: the user page's count, value and size (SalesFigureCards). */
const MONTH = {
  closed_won: { total: 3, byPerson: { u1: 2, u2: 1 } },
  revenue: { total: 37_345.77, byPerson: { u1: 17_345.67, u2: 20_000.1 } },
  sold_kw: { total: 18.65, byPerson: { u1: 12.4, u2: 6.25 } },
} as const;

/** A metric's figures on the dashboard (a number and a 'Top reps' card) and on the leaderboard. */
async function onEveryScreen(
  reader: Awaited<ReturnType<typeof fixture>>,
  metric: SharedMetric,
  period: MetricPeriod,
) {
  const db = reader.db;
  const range = periodRange({ kind: period }, NOW);
  if (!range) throw new Error('no period');
  const config = { ...defaultCardConfig(), metric: { key: metric, period } };
  const cards: CardRequest[] = [
    { id: 'number', type: 'number', config },
    { id: 'top', type: 'leaderboard', config },
  ];
  const [number, top] = await new CardComputer(reader).computeBatch(cards, NOW.getTime());
  const rows = await leaderboardRows(db, leaderboardReaders(db), range.start, range.end);
  const viewer = { user_id: 'u1', team_ids: [], region_ids: [] };
  const board = rankLeaderboard(rows, viewer, { metric, scope: 'org', board: 'all', ...range });
  return {
    range,
    viewer,
    cardTotal: number?.result?.kind === 'number' ? number.result.value : undefined,
    cardPeople:
      top?.result?.kind === 'groups'
        ? Object.fromEntries(top.result.groups.map((g) => [g.key, g.value]))
        : {},
    boardPeople: Object.fromEntries(board.filter((e) => e.value > 0).map((e) => [e.user_id, e.value])),
    boardTotal: Math.round(board.reduce((sum, e) => sum + e.value, 0) * 1000) / 1000,
  };
}

describe('one definition per metric, the same number on every screen', () => {
  it.each(SHARED_METRICS)('%s this week', async (metric) => {
    const reader = await fixture();
    const db = reader.db;
    // The dashboard's number and 'Top reps' cards of the metric, the leaderboard's read and ranking.
    const { range, viewer, cardTotal, cardPeople, boardPeople, boardTotal } = await onEveryScreen(
      reader,
      metric,
      'week',
    );

    const expected = EXPECTED[metric];
    expect(cardTotal).toBe(expected.total);
    expect(boardTotal).toBe(expected.total);
    expect(cardPeople).toEqual(expected.byPerson);
    expect(boardPeople).toEqual(expected.byPerson);

    if (metric === 'leads_added') {
      // The stored data: the live leads whose record was created this week.
      const stored = (await db.contacts.toArray()).filter((c) => {
        const at = Date.parse(String(c.created_at));
        return !c.deleted_at && at >= range.start.getTime() && at < range.end.getTime();
      });
      expect(stored.length).toBe(expected.total);
    }
    if (metric === 'knocks') {
      // The knock quality section under the board counts the same knocks.
      const quality = await knockQualityRows(db, leaderboardReaders(db), 'u1', range.start, range.end);
      const entries = knockQualityBoard(
        quality.rows,
        viewer,
        { scope: 'org', board: 'all', ...range },
        quality,
      );
      expect(Object.fromEntries(entries.map((e) => [e.user_id, e.knocks]))).toEqual(expected.byPerson);
    }
    db.close();
    await db.delete();
  });

  it.each(['closed_won', 'revenue', 'sold_kw'] as const)(
    '%s this month: a user page, the leaderboard and the dashboard',
    async (metric) => {
      const reader = await fixture();
      const db = reader.db;
      const { cardTotal, cardPeople, boardPeople, boardTotal } = await onEveryScreen(reader, metric, 'month');
      // The user page (useSalesFigures): the owner's contacts on the device, this calendar month.
      const period = monthRange(NOW);
      const contacts = await new RowIndexReader(db, 'contacts').rows(SALES_COLUMNS);
      const soldOn = soldDays(await stageMovesSince(db, movesReadFrom(period)), DEFAULT_DEAL_STAGES);
      const page = (owner: string) => {
        const mine = contacts.filter((c) => c.owner_id === owner);
        const figures = salesFigures(mine, DEFAULT_DEAL_STAGES, period, soldOn).period;
        return metric === 'closed_won'
          ? figures.count
          : metric === 'revenue'
            ? figures.cents / 100
            : figures.kw;
      };
      const expected = MONTH[metric];
      expect({ u1: page('u1'), u2: page('u2') }).toEqual(expected.byPerson);
      expect(boardPeople).toEqual(expected.byPerson);
      expect(cardPeople).toEqual(expected.byPerson);
      expect(boardTotal).toBe(expected.total);
      expect(cardTotal).toBe(expected.total);
      db.close();
      await db.delete();
    },
  );
});
