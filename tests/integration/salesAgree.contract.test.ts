/**
 * One definition of a sale (src/domain/sales.ts) on both sides: an org with sales dated by their
 * Contract Signed Date or only by their moves onto the sold stage, a cancelled one, a Closed Won
 * lead, one of another month and amounts with cents. The server decides a contest of the month
 * (the `contest-decide` job) and records the week's winners; a device pulls the org and counts the
 * same sales with its own reads (contests, leaderboard, user pages): the same counts, to the cent.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, contacts, contests } from '#server/db/schema.ts';
import { runContestJob } from '#server/services/contests.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { orgSales } from '#server/services/sales.ts';
import { recordWeeklyWinners } from '#server/services/weeklyWinners.ts';
import { CrmDatabase } from '#src/db/database.ts';
import { contestData, salesSince } from '#src/db/queries/contests.ts';
import { dealStages } from '#src/db/queries/dealStages.ts';
import { leaderboardReaders, leaderboardRows } from '#src/db/queries/leaderboard.ts';
import { stageMovesSince } from '#src/db/queries/stageMoves.ts';
import { RowIndexReader } from '#src/db/rowIndexReader.ts';
import { type ContestStanding, contestStandings } from '#src/domain/contests.ts';
import { metricTotals } from '#src/domain/leaderboard.ts';
import { monthRange, movesReadFrom, SALES_COLUMNS, salesFigures, soldDays } from '#src/domain/sales.ts';
import type { PullChange } from '#src/domain/schemas/sync.ts';
import { WEEKLY_WINNER_TYPES, weekFromKey, weeklyWinners } from '#src/domain/weeklyWinners.ts';
import { applyPullPage } from '#src/sync/applyPull.ts';
import { testConfig } from '../support/api.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const NOVEMBER = { start_date: '2026-11-01', end_date: '2026-11-30' };
const WEEK = weekFromKey('2026-11-09') as NonNullable<ReturnType<typeof weekFromKey>>;

describe.each(testDatabaseKinds())('sales counted alike on the server and a device, on %s', (kind) => {
  const w = useApiWorld(kind, ['admin']);
  const contestId = randomUUID();
  let device: CrmDatabase;

  /** A contact of `owner` at a stage and status, with its deal fields in `data` as the server keeps them. */
  const deal = (owner: string, stage: string, status: string, data: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    org_id: w.world.org,
    name: `Deal ${status}`,
    owner_id: owner,
    deal_stage: stage,
    deal_stage_status: status,
    data,
  });
  const move = (lead: string, by: string, date: string, from: string, to: string) => ({
    org_id: w.world.org,
    type: 'moved_to',
    category: 'lead',
    message: `moved to ${to}`,
    actor_id: by,
    user_refs: [by],
    lead_refs: [lead],
    date,
    data: { field: 'deal_stage', old: from, new: to },
  });

  beforeAll(async () => {
    const { rep, rep2, manager } = w.world.users;
    const signed = deal(rep.id, 'Customer', 'Contract Signed', {
      contract_amount: 12_345.67,
      system_size_kw: 8.4,
      contract_signed_date: '2026-11-10',
    });
    // Dated only by its move onto the sold stage, made by someone else than its owner.
    const moved = deal(rep.id, 'Customer', 'CRC', { contract_amount: 20_000.1, system_size_kw: 6.25 });
    const cents1 = deal(rep2.id, 'Customer', 'Permit Sent', {
      contract_amount: 0.1,
      contract_signed_date: '2026-11-03',
    });
    const cents2 = deal(rep2.id, 'Service', 'Removal & Re-install', {
      contract_amount: 0.2,
      system_size_kw: 0.001,
      contract_signed_date: '2026-11-12',
    });
    // Sold in October, bought back, sold again on the 13th (UTC): its last move dates it.
    const resold = deal(rep2.id, 'Customer', 'Contract Signed', {
      contract_amount: 9_999.99,
      system_size_kw: 5,
    });
    const cancelled = deal(manager.id, 'Customer', 'Cancellation', {
      contract_amount: 99_999,
      contract_signed_date: '2026-11-10',
    });
    const won = deal(rep.id, 'Lead', 'Closed Won', {
      contract_amount: 5_000,
      contract_signed_date: '2026-11-10',
    });
    const october = deal(rep2.id, 'Customer', 'Contract Signed', {
      contract_amount: 7_000,
      contract_signed_date: '2026-10-15',
    });
    // Only a move within the sold stages: a sale with no day.
    const undated = deal(manager.id, 'Service', 'Removal & Re-install', { contract_amount: 1_000 });
    const rows = [signed, moved, cents1, cents2, resold, cancelled, won, october, undated];
    await w.tdb.handle.db.insert(contacts).values(rows);
    await w.tdb.handle.db
      .insert(activities)
      .values([
        move(moved.id, rep2.id, '2026-11-11T15:00:00.000Z', 'Lead', 'Customer'),
        move(resold.id, rep2.id, '2026-10-28T10:00:00.000Z', 'Lead', 'Customer'),
        move(resold.id, rep2.id, '2026-11-02T10:00:00.000Z', 'Customer', 'Lead'),
        move(resold.id, rep2.id, '2026-11-13T01:00:00.000Z', 'Lead', 'Customer'),
        move(undated.id, manager.id, '2026-11-05T10:00:00.000Z', 'Customer', 'Service'),
      ]);
    await w.tdb.handle.db.insert(contests).values({
      id: contestId,
      org_id: w.world.org,
      name: 'November volume',
      contest_type: 'General',
      contest_qualifier: 'Sales Volume',
      ...NOVEMBER,
    });

    // A device of the admin (who sees the whole org) pulls everything, as the sync engine does.
    device = new CrmDatabase(`sales-agree-${kind}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    await device.open();
    let cursor = 0;
    for (let page = 0; page < 50; page++) {
      const res = await w.api.call('GET', `/api/v2/sync/pull?cursor=${cursor}&limit=5000`, {
        token: w.tokens.admin,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await applyPullPage(device, {
        changes: res.body.changes as PullChange[],
        cursor: res.body.cursor as number,
        last_mutation_id: 0,
        has_more: res.body.has_more as boolean,
      });
      cursor = res.body.cursor as number;
      if (!res.body.has_more) break;
    }
  });

  it('the contest the server decides has the standings the device counts, to the cent', async () => {
    const { rep, rep2, manager } = w.world.users;
    const ctx: ServiceContext = {
      db: w.tdb.handle.db,
      config: testConfig(),
      now: () => new Date('2026-12-01T00:30:00.000Z'),
    };
    expect((await runContestJob(ctx)).decided).toBe(1);
    const [decided] = await w.tdb.handle.db.select().from(contests).where(eq(contests.id, contestId));
    const server = ((decided?.standings ?? []) as ContestStanding[]).filter((s) => s.sales_number > 0);
    // rep: 12,345.67 signed and 20,000.10 moved; rep2: 0.10 + 0.20 signed, 9,999.99 resold on the
    // 13th (its October sale is another month's); the manager's cancellation is no sale.
    expect(server).toEqual([
      { user_id: rep.id, sales_number: 2, sales_volume: 32_345.77, rank: 1 },
      { user_id: rep2.id, sales_number: 3, sales_volume: 10_000.29, rank: 2 },
    ]);
    expect(decided?.winner_id).toBe(rep.id);

    // The device: its own read of the contest's sales, before the contest was decided.
    const contest = { ...NOVEMBER, contest_qualifier: 'Sales Volume', team_ids: [], region_ids: [] };
    const data = await contestData(device, salesSince([{ _id: contestId, ...NOVEMBER }], ctx.now()));
    const live = contestStandings(contest, data);
    expect(live.filter((s) => s.sales_number > 0)).toEqual(server);
    expect(live.find((s) => s.user_id === manager.id)).toMatchObject({ sales_number: 0, sales_volume: 0 });
  });

  it("the week's sales winner is the one the device's sales give", async () => {
    const { rep, rep2 } = w.world.users;
    const ctx: ServiceContext = { db: w.tdb.handle.db, config: testConfig(), now: () => new Date() };
    await recordWeeklyWinners(ctx, w.world.org, WEEK);
    const [recorded] = await w.tdb.handle.db
      .select()
      .from(activities)
      .where(eq(activities.type, WEEKLY_WINNER_TYPES.sales));
    // Week of 9–15 November: rep's two sales (10th, 11th), rep2's two (12th, 13th); rep reached
    // two first.
    expect(recorded).toMatchObject({ actor_id: rep.id, data: { week: '2026-11-09', count: 2 } });

    const data = await contestData(device, WEEK.start.toISOString());
    const [onDevice] = weeklyWinners([], data.sales, WEEK);
    expect(onDevice).toMatchObject({ category: 'sales', user_id: rep.id, count: 2 });
    expect(weeklyWinners([], data.sales, WEEK, new Set([rep2.id]))[0]).toMatchObject({
      user_id: rep2.id,
      count: 2,
    });
  });

  it('the user pages, the leaderboard and the server count the same sales of the month', async () => {
    const { rep, rep2, manager } = w.world.users;
    const owners = [rep.id, rep2.id, manager.id];
    // The server's sales of November, by owner.
    const serverSales = await orgSales(w.tdb.handle.db, w.world.org);
    const server = Object.fromEntries(
      owners.map((id) => {
        const mine = serverSales.filter((s) => s.owner_id === id && s.day?.startsWith('2026-11'));
        return [id, [mine.length, mine.reduce((n, s) => n + s.cents, 0)]];
      }),
    );
    expect(server).toEqual({
      [rep.id]: [2, 3_234_577],
      [rep2.id]: [3, 1_000_029],
      [manager.id]: [0, 0],
    });

    // A user page (useSalesFigures): the owner's contacts on the device, this calendar month.
    const period = monthRange(new Date(2026, 10, 20));
    const stages = await dealStages(device);
    const rows = await new RowIndexReader(device, 'contacts').rows(SALES_COLUMNS);
    const soldOn = soldDays(await stageMovesSince(device, movesReadFrom(period)), stages);
    const pages = Object.fromEntries(
      owners.map((id) => {
        const figures = salesFigures(
          rows.filter((r) => r.owner_id === id),
          stages,
          period,
          soldOn,
        );
        return [id, [figures.period.count, figures.period.cents]];
      }),
    );
    expect(pages).toEqual(server);
    // The manager's undated sale counts in their total, in no month.
    const managers = salesFigures(
      rows.filter((r) => r.owner_id === manager.id),
      stages,
      period,
      soldOn,
    );
    expect(managers.total).toEqual({ count: 1, cents: 100_000, kw: 0 });

    // The leaderboard's month on the device clock: the same days, so the same sales.
    const start = new Date(2026, 10, 1);
    const end = new Date(2026, 11, 1);
    const board = await leaderboardRows(device, leaderboardReaders(device), start, end);
    const query = { scope: 'org', board: 'all', start, end } as const;
    const count = metricTotals(board, { ...query, metric: 'closed_won' });
    const revenue = metricTotals(board, { ...query, metric: 'revenue' });
    const kw = metricTotals(board, { ...query, metric: 'sold_kw' });
    expect(
      Object.fromEntries(
        owners.map((id) => [id, [count.get(id) ?? 0, Math.round((revenue.get(id) ?? 0) * 100)]]),
      ),
    ).toEqual(server);
    expect(Object.fromEntries(kw)).toEqual({ [rep.id]: 14.65, [rep2.id]: 5.001 });
  });
});
