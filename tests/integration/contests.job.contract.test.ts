/**
 * The `contest-decide` job against a database with real sales (contracts signed through the leads
 * API: src/domain/sales.ts, credited to each contact's owner): it announces a contest once when it starts and decides it once when its end day is over,
 * with the standings computed on the server, the winner by the qualifier (a Random draw that the
 * recorded seed reproduces), a `contest_won` activity and the participants' notifications.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, contests, notifications } from '#server/db/schema.ts';
import { JOB_DEFINITIONS } from '#server/jobs/definitions.ts';
import { runContestJob } from '#server/services/contests.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { type ContestStanding, drawPool, drawWinner } from '#src/domain/contests.ts';
import { testConfig } from '../support/api.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const DAY = 86_400_000;

describe.each(testDatabaseKinds())('the contest-decide job on %s', (kind) => {
  const w = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2']);
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  const at =
    (day: string, hour = 0) =>
    () =>
      new Date(Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000);
  const ctxAt = (now: () => Date): ServiceContext => ({ db: w.tdb.handle.db, config: testConfig(), now });

  const ids = { number: randomUUID(), volume: randomUUID(), random: randomUUID(), later: randomUUID() };

  /** Signs a contract: the lead moves onto the Customer stage, dated today by the move or its date. */
  const close = async (who: UserKey, lead: string, amount: number, signed?: string) => {
    const res = await w.api.call('POST', '/api/v2/leads/edit', {
      token: w.tokens[who],
      body: {
        _id: lead,
        deal_stage: 'Customer',
        deal_stage_status: 'Contract Signed',
        contract_amount: amount,
        ...(signed ? { contract_signed_date: signed } : {}),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  const contest = (id: string, fields: Record<string, unknown>) => ({
    id,
    org_id: w.world.org,
    name: `Contest ${id.slice(0, 8)}`,
    start_date: today,
    end_date: today,
    contest_type: 'General',
    ...fields,
  });

  const stored = async (id: string) =>
    (await w.tdb.handle.db.select().from(contests).where(eq(contests.id, id)))[0];

  beforeAll(async () => {
    const { contacts, teams } = w.world;
    // rep signs their own lead's contract (team A) and, as its energy consultant, one of rep2's
    // leads: that sale is rep2's, the owner's. rep2 signs one more of their own (team B).
    await close('rep', contacts.repOwn, 20_000);
    await close('rep', contacts.consultant, 15_000.5, today);
    await close('rep2', contacts.teamB, 50_000);
    // Closed Won is not a sale yet: it counts for nobody.
    const won = await w.api.call('POST', '/api/v2/leads/edit', {
      token: w.tokens.rep2,
      body: { _id: contacts.teamA, deal_stage: 'Lead', deal_stage_status: 'Closed Won', contract_amount: 9 },
    });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    await w.tdb.handle.db
      .insert(contests)
      .values([
        contest(ids.number, { contest_qualifier: 'Sales Number' }),
        contest(ids.volume, { contest_qualifier: 'Sales Volume' }),
        contest(ids.random, { contest_qualifier: 'Random', team_ids: [teams.a] }),
        contest(ids.later, { contest_qualifier: 'Sales Number', end_date: tomorrow }),
      ]);
  });

  it('runs every 15 minutes', () => {
    expect(JOB_DEFINITIONS['contest-decide'].cron).toBe('*/15 * * * *');
  });

  it('tells participants once when a contest starts', async () => {
    const first = await runContestJob(ctxAt(at(today, 1)));
    expect(first.started).toBeGreaterThanOrEqual(4);
    expect(first.decided).toBe(0);
    const again = await runContestJob(ctxAt(at(today, 2)));
    expect(again.started).toBe(0);
    const told = await w.tdb.handle.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.user_id, w.world.users.rep.id), eq(notifications.title, 'Contest started')),
      );
    expect(told.filter((n) => n.message.startsWith('Contest '))).toHaveLength(4);
    expect(told[0]?.link).toBe('/contest');
    // Said in each reader's language from its key: the contest and the day it ends.
    expect(told[0]).toMatchObject({
      text_key: 'notification.contestStarted',
      text_params: {
        contest: expect.stringMatching(/^Contest /),
        end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    // The Random contest is team A's: rep2 (team B) hears of three.
    const rep2 = await w.tdb.handle.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.user_id, w.world.users.rep2.id), eq(notifications.title, 'Contest started')),
      );
    expect(rep2).toHaveLength(3);
  });

  it('decides each ended contest by its qualifier, with standings from the sales', async () => {
    const job = JOB_DEFINITIONS['contest-decide'];
    await job.run(ctxAt(at(tomorrow, 0)), { data: {}, createdOn: new Date() });
    const { rep, rep2 } = w.world.users;

    const byNumber = await stored(ids.number);
    expect(byNumber).toMatchObject({ winner_id: rep2.id, winner_seed: null });
    expect(byNumber?.decided_at).toBeTruthy();
    const standings = byNumber?.standings as ContestStanding[];
    expect(standings.slice(0, 2)).toEqual([
      { user_id: rep2.id, sales_number: 2, sales_volume: 65_000.5, rank: 1 },
      { user_id: rep.id, sales_number: 1, sales_volume: 20_000, rank: 2 },
    ]);
    expect(standings.slice(2).every((s) => s.sales_number === 0)).toBe(true);

    expect((await stored(ids.volume))?.winner_id).toBe(rep2.id);

    // Random: the seed is recorded and redoing the draw with it gives the same winner.
    const random = await stored(ids.random);
    expect(random?.winner_seed).toMatch(/^[0-9a-f]{32}$/);
    const pool = drawPool(random?.standings as ContestStanding[]);
    expect(pool).toEqual([rep.id]);
    expect(drawWinner(pool, random?.winner_seed as string)).toBe(random?.winner_id);

    // Not over yet: its standings are kept up to date for devices that hold fewer deals.
    const later = await stored(ids.later);
    expect(later?.decided_at).toBeNull();
    expect(
      ((later?.standings ?? []) as ContestStanding[]).slice(0, 2).map((s) => [s.user_id, s.sales_number]),
    ).toEqual([
      [rep2.id, 2],
      [rep.id, 1],
    ]);
  });

  it('writes a contest_won activity and tells every participant, with a link to /contest', async () => {
    const { rep, rep2, manager } = w.world.users;
    const won = await w.tdb.handle.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'contest_won'), sql`${activities.data}->>'contest_id' = ${ids.number}`));
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ actor_id: rep2.id, user_refs: [rep2.id], org_id: w.world.org });
    expect(won[0]?.message).toBe(`won Contest ${ids.number.slice(0, 8)}`);

    const told = await w.tdb.handle.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.title, 'Contest won'),
          inArray(notifications.user_id, [rep.id, rep2.id, manager.id]),
        ),
      );
    const about = told.filter((n) => n.message.includes(ids.number.slice(0, 8)));
    expect(about.map((n) => n.user_id).sort()).toEqual([rep.id, rep2.id, manager.id].sort());
    expect(about[0]?.message).toMatch(/^rep2 .+ won Contest /);
    expect(about[0]?.link).toBe('/contest');
    expect(about[0]).toMatchObject({
      text_key: 'notification.contestWon',
      text_params: { contest: `Contest ${ids.number.slice(0, 8)}`, person: expect.stringMatching(/^rep2 /) },
    });

    // The devices pull the decided contest and the rep their notification.
    const rows = await pulledRows(w.api, w.tokens.rep2, 'contests');
    expect(rows.find((r) => r._id === ids.number)).toMatchObject({ winner_id: rep2.id });
  });

  it('running it again, even twice at once, decides nothing more', async () => {
    const before = await stored(ids.number);
    const runs = await Promise.all([
      runContestJob(ctxAt(at(tomorrow, 1))),
      runContestJob(ctxAt(at(tomorrow, 1))),
    ]);
    expect(runs.reduce((n, r) => n + r.decided, 0)).toBe(0);
    // Nothing changed, so the running contest's standings are not written again.
    expect(runs.reduce((n, r) => n + r.refreshed, 0)).toBe(0);
    expect(await stored(ids.number)).toMatchObject({
      decided_at: before?.decided_at,
      version: before?.version,
    });
    const won = await w.tdb.handle.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.type, 'contest_won'), sql`${activities.data}->>'contest_id' = ${ids.number}`));
    expect(won).toHaveLength(1);
  });

  it('two instances deciding the same contest at once decide it once', async () => {
    const id = randomUUID();
    await w.tdb.handle.db.insert(contests).values(contest(id, { contest_qualifier: 'Random' }));
    const runs = await Promise.all([
      runContestJob(ctxAt(at(tomorrow, 3))),
      runContestJob(ctxAt(at(tomorrow, 3))),
    ]);
    expect(runs.reduce((n, r) => n + r.decided, 0)).toBe(1);
    const won = await w.tdb.handle.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.type, 'contest_won'), sql`${activities.data}->>'contest_id' = ${id}`));
    expect(won).toHaveLength(1);
  });
});
