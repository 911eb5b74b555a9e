/**
 * The same question gives the same number on every screen: leads added, appointments set and
 * knocks this week (Mon–Sun), computed on one device's rows through the dashboard's cards engine,
 * the leaderboard's read and ranking, the knock quality section and, for leads, the stored rows.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (a device database)
import { openDashboardCardReader } from '#src/db/queries/dashboardCards.ts';
// biome-ignore lint/style/noRestrictedImports: the leaderboard screen's own read, compared with the cards'
import { knockQualityRows, leaderboardReaders, leaderboardRows } from '#src/db/queries/leaderboard.ts';
import { defaultCardConfig } from '#src/domain/dashboard/cards.ts';
import { knockQualityBoard, periodRange, rankLeaderboard } from '#src/domain/leaderboard.ts';
import { SHARED_METRICS, type SharedMetric } from '#src/domain/metrics.ts';
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
    ]),
  );
  await db.activities.bulkPut([
    { _id: 'x0', type: 'add_lead', actor_id: 'u1', lead_refs: ['a'], date: day(9, 8) },
    status('x1', 'u1', 'a', 'Appointment Set', 10),
    status('x2', 'u2', 'c', 'Not Home 1', 11),
    status('x3', 'u1', 'e', 'Appointment Set', 8),
    status('x4', 'u2', 'g', 'Appointment Set', 1),
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
};

describe('one definition per metric, the same number on every screen', () => {
  it.each(SHARED_METRICS)('%s this week', async (metric) => {
    const reader = await fixture();
    const db = reader.db;
    const range = periodRange({ kind: 'week' }, NOW);
    if (!range) throw new Error('no week');

    // The dashboard: a number card and a 'Top reps' leaderboard card of the metric.
    const config = { ...defaultCardConfig(), metric: { key: metric, period: 'week' as const } };
    const cards: CardRequest[] = [
      { id: 'number', type: 'number', config },
      { id: 'top', type: 'leaderboard', config },
    ];
    const [number, top] = await new CardComputer(reader).computeBatch(cards, NOW.getTime());
    const cardTotal = number?.result?.kind === 'number' ? number.result.value : undefined;
    const cardPeople =
      top?.result?.kind === 'groups'
        ? Object.fromEntries(top.result.groups.map((g) => [g.key, g.value]))
        : {};

    // The leaderboard: its read and its ranking of the whole org.
    const rows = await leaderboardRows(db, leaderboardReaders(db), range.start, range.end);
    const viewer = { user_id: 'u1', team_ids: [], region_ids: [] };
    const board = rankLeaderboard(rows, viewer, { metric, scope: 'org', board: 'all', ...range });
    const boardPeople = Object.fromEntries(board.filter((e) => e.value > 0).map((e) => [e.user_id, e.value]));
    const boardTotal = board.reduce((sum, e) => sum + e.value, 0);

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
});
