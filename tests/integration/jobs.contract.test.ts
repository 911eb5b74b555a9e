/**
 * Scheduled work on the job queue (server/jobs): the weekly activity winners job writes each org's
 * winners of a week once, however often it runs and however many instances run it; a job queued
 * before a restart runs after it; the org's devices pull what it wrote.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { activities, contacts, notifications } from '#server/db/schema.ts';
import { type JobQueue, startJobQueue } from '#server/jobs/queue.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { recordWeeklyWinners } from '#server/services/weeklyWinners.ts';
import { WEEKLY_WINNER_TYPES, weekBefore, weekFromKey, weekKey } from '#src/domain/weeklyWinners.ts';
import { testConfig } from '../support/api.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { startServerProcess, stopServerProcesses } from '../support/serverProcess.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const WINNER_TYPES = Object.values(WEEKLY_WINNER_TYPES);
const JOB = 'weekly-activity-winners';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(testDatabaseKinds('both'))('scheduled jobs on %s', (kind) => {
  const w = useApiWorld(kind, ['admin', 'rep', 'rep2', 'outsider']);
  let ctx: ServiceContext;
  let queue: JobQueue | undefined;

  const jobState = async (id: string) => {
    const result = (await w.tdb.handle.db.execute(
      sql`SELECT state, retry_count FROM pgboss.job WHERE id = ${id}::uuid`,
    )) as unknown as { rows: { state: string; retry_count: number }[] };
    return result.rows[0];
  };
  const finished = (id: string) =>
    waitFor(`job ${id}`, async () => {
      const row = await jobState(id);
      return row && ['completed', 'failed'].includes(row.state) ? row : undefined;
    });
  const winnerRows = (orgId: number, week: string) =>
    w.tdb.handle.db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.org_id, orgId),
          inArray(activities.type, WINNER_TYPES),
          sql`${activities.data}->>'week' = ${week}`,
        ),
      );

  /**
   * Activities as the services record them, dated inside the week of `monday`, and the week's sales
   * (src/domain/sales.ts): a contract of rep2's that rep moved onto the Customer stage (the owner's
   * sale), beside a Closed Won lead and a cancelled contract of rep's (no sales).
   */
  async function seedWeek(monday: string) {
    const { org, otherOrg, users } = w.world;
    const at = (day: number, hour: number) =>
      new Date(Date.parse(`${monday}T00:00:00Z`) + day * 86_400_000 + hour * 3_600_000).toISOString();
    const row = (
      orgId: number,
      actor: string,
      type: string,
      date: string,
      data: Record<string, unknown> = {},
    ) => ({
      org_id: orgId,
      type,
      category: 'lead',
      message: type,
      actor_id: actor,
      user_refs: [actor],
      lead_refs: [randomUUID()],
      date,
      data,
    });
    const deal = (owner: string, stage: string, status: string, data: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      org_id: org,
      name: `Deal ${monday}`,
      owner_id: owner,
      deal_stage: stage,
      deal_stage_status: status,
      data: { contract_amount: 30_000, ...data },
    });
    const sold = deal(users.rep2.id, 'Customer', 'Contract Signed');
    const won = deal(users.rep.id, 'Lead', 'Closed Won', { contract_signed_date: monday });
    const cancelled = deal(users.rep.id, 'Customer', 'Cancellation', { contract_signed_date: monday });
    await w.tdb.handle.db.insert(contacts).values([sold, won, cancelled]);
    await w.tdb.handle.db.insert(activities).values([
      {
        ...row(org, users.rep.id, 'moved_to', at(2, 10), {
          field: 'deal_stage',
          old: 'Lead',
          new: 'Customer',
        }),
        lead_refs: [sold.id],
      },
      {
        ...row(org, users.rep.id, 'lead_status_change', at(2, 11), {
          field: 'deal_stage_status',
          old: 'Appointment Set',
          new: 'Closed Won',
        }),
        lead_refs: [won.id],
      },
      row(org, users.rep.id, 'add_lead', at(0, 9)),
      row(org, users.rep.id, 'add_lead', at(1, 9)),
      row(org, users.rep2.id, 'add_lead', at(0, 8)),
      row(org, users.rep.id, 'lead_status_change', at(3, 10), {
        field: 'deal_stage_status',
        old: 'Install Ready',
        new: 'Installation Completed',
      }),
      // The Sunday after: the next week's.
      row(org, users.rep2.id, 'add_lead', at(7, 0)),
      row(org, users.rep2.id, 'add_lead', at(7, 1)),
      row(otherOrg, users.outsider.id, 'add_lead', at(4, 12)),
    ]);
  }

  beforeAll(async () => {
    ctx = { db: w.tdb.handle.db, config: testConfig(), now: () => new Date() };
    await seedWeek('2026-11-09');
    await seedWeek('2026-10-05');
    await seedWeek('2026-09-07');
  });
  afterAll(async () => {
    await queue?.stop();
  });

  it('registers the weekly schedule on Mondays, UTC', async () => {
    queue = await startJobQueue(ctx, w.tdb.handle, { pollingIntervalSeconds: 0.5 });
    const result = (await w.tdb.handle.db.execute(
      sql`SELECT cron, timezone FROM pgboss.schedule WHERE name = ${JOB}`,
    )) as unknown as { rows: { cron: string; timezone: string }[] };
    expect(result.rows).toEqual([{ cron: '5 0 * * 1', timezone: 'UTC' }]);
  });

  it('writes each org its winners of the week, with the spec types, message and user refs', async () => {
    const { org, otherOrg, users } = w.world;
    const id = await queue?.send(JOB, { week: '2026-11-09' });
    expect(await finished(id as string)).toMatchObject({ state: 'completed' });
    const rows = await winnerRows(org, '2026-11-09');
    const byType = Object.fromEntries(rows.map((r) => [r.type, r]));
    expect(Object.keys(byType).sort()).toEqual([...WINNER_TYPES].sort());
    expect(byType.most_leads_week).toMatchObject({
      message: `Most leads this week: rep ${users.rep.email.split('@')[0]?.slice(4)} (2)`,
      user_refs: [users.rep.id],
      actor_id: users.rep.id,
    });
    expect(byType.most_sales_week).toMatchObject({
      message: expect.stringMatching(/^Most sales this week: rep2 .+ \(1\)$/),
      user_refs: [users.rep2.id],
    });
    expect(byType.most_installs_week).toMatchObject({
      message: expect.stringMatching(/^Most installs this week: rep .+ \(1\)$/),
      user_refs: [users.rep.id],
    });
    // One new version for the three, so a device pulls them together.
    expect(new Set(rows.map((r) => r.version)).size).toBe(1);
    const other = await winnerRows(otherOrg, '2026-11-09');
    expect(other.map((r) => [r.type, r.user_refs])).toEqual([['most_leads_week', [users.outsider.id]]]);
  });

  it('running it again for the same week writes nothing more', async () => {
    const before = (await winnerRows(w.world.org, '2026-11-09')).map((r) => r.id).sort();
    const id = await queue?.send(JOB, { week: '2026-11-09' });
    expect(await finished(id as string)).toMatchObject({ state: 'completed' });
    expect((await winnerRows(w.world.org, '2026-11-09')).map((r) => r.id).sort()).toEqual(before);
    expect(await winnerRows(w.world.otherOrg, '2026-11-09')).toHaveLength(1);
  });

  it("the org's devices pull the winners they may see; another org's do not", async () => {
    const { users } = w.world;
    // Only the week of 2026-11-09 has winners so far.
    const types = (rows: Record<string, unknown>[]) =>
      rows
        .filter((r) => WINNER_TYPES.includes(r.type as string))
        .map((r) => r.type)
        .sort();
    expect(types(await pulledRows(w.api, w.tokens.admin, 'activities'))).toEqual([...WINNER_TYPES].sort());
    // A rep sees the activities that are theirs.
    expect(types(await pulledRows(w.api, w.tokens.rep, 'activities'))).toEqual([
      'most_installs_week',
      'most_leads_week',
    ]);
    const outsider = await pulledRows(w.api, w.tokens.outsider, 'activities');
    expect(outsider.filter((r) => WINNER_TYPES.includes(r.type as string)).map((r) => r.user_refs)).toEqual([
      [users.outsider.id],
    ]);
  });

  it("tells each winner and the winner's teammates of the record, once", async () => {
    const { users } = w.world;
    const rows = await w.tdb.handle.db
      .select({
        user_id: notifications.user_id,
        message: notifications.message,
        link: notifications.link,
        text_key: notifications.text_key,
        text_params: notifications.text_params,
      })
      .from(notifications)
      .where(eq(notifications.title, 'Weekly record'));
    const count = (id: string) => rows.filter((r) => r.user_id === id).length;
    // The rep won two categories; their team leader hears of both; rep2 (alone on team B) of theirs.
    expect(count(users.rep.id)).toBe(2);
    expect(count(users.manager.id)).toBe(2);
    expect(count(users.rep2.id)).toBe(1);
    expect(count(users.admin.id)).toBe(0);
    expect(count(users.outsider.id)).toBe(1);
    expect(rows.every((r) => r.link === '/leaderboard')).toBe(true);
    // Each reader's device says it in their language: the key, the category, the winner and count.
    for (const r of rows) {
      expect(r.text_key).toBe('notification.weeklyRecord');
      expect(r.text_params).toMatchObject({ category: expect.stringMatching(/^(sales|leads|installs)$/) });
      expect(r.message).toContain(String((r.text_params as { person: string }).person));
    }
  });

  it('a job queued before a restart runs after it', async () => {
    const id = (await queue?.send(JOB, { week: '2026-10-05' }, { startAfter: 2 })) as string;
    await queue?.stop();
    queue = undefined;
    expect(await jobState(id)).toMatchObject({ state: 'created' });
    // It falls due while no queue runs: it waits, and nothing ran it.
    await waitFor('the job to fall due', async () => {
      const due = (await w.tdb.handle.db.execute(
        sql`SELECT start_after <= now() AS due FROM pgboss.job WHERE id = ${id}::uuid`,
      )) as unknown as { rows: { due: boolean }[] };
      return due.rows[0]?.due ? true : undefined;
    });
    expect(await jobState(id)).toMatchObject({ state: 'created' });
    expect(await winnerRows(w.world.org, '2026-10-05')).toHaveLength(0);
    queue = await startJobQueue(ctx, w.tdb.handle, { pollingIntervalSeconds: 0.5 });
    expect(await finished(id)).toMatchObject({ state: 'completed' });
    expect(await winnerRows(w.world.org, '2026-10-05')).toHaveLength(3);
  });

  it('a scheduled run (no week named) records the week before the one it was created in', async () => {
    const lastWeek = weekKey(weekBefore(new Date()));
    await seedWeek(lastWeek);
    const id = (await queue?.send(JOB, {})) as string;
    expect(await finished(id)).toMatchObject({ state: 'completed' });
    expect((await winnerRows(w.world.org, lastWeek)).map((r) => r.type).sort()).toEqual(
      [...WINNER_TYPES].sort(),
    );
  });

  it('runs that overlap write a week once', async () => {
    const week = weekFromKey('2026-09-07');
    if (!week) throw new Error('bad week');
    // On PostgreSQL, from separate connection pools, as separate instances would.
    const second =
      kind === 'postgres' ? await openDatabase({ databaseUrl: w.tdb.url, poolSize: 2 }) : undefined;
    const other: ServiceContext = { ...ctx, db: second?.db ?? ctx.db };
    try {
      const written = await Promise.all([
        recordWeeklyWinners(ctx, w.world.org, week),
        recordWeeklyWinners(other, w.world.org, week),
        recordWeeklyWinners(ctx, w.world.org, week),
      ]);
      expect(written.sort()).toEqual([0, 0, 3]);
      expect(await winnerRows(w.world.org, '2026-09-07')).toHaveLength(3);
    } finally {
      await second?.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'scheduled jobs with two server instances on one PostgreSQL',
  () => {
    const w = useApiWorld('postgres', []);
    const procs: ChildProcess[] = [];
    let sender: PgBoss | undefined;

    afterAll(async () => {
      await sender?.stop({ graceful: false });
      await stopServerProcesses(procs);
    });

    it('each job runs on one of them, once', async () => {
      const url = w.tdb.url as string;
      procs.push(
        ...(await Promise.all([startServerProcess(url), startServerProcess(url)])).map((s) => s.proc),
      );
      await w.tdb.handle.db.insert(activities).values(
        [w.world.users.rep.id, w.world.users.rep.id, w.world.users.rep2.id].map((actor, i) => ({
          org_id: w.world.org,
          type: 'add_lead',
          message: 'added',
          actor_id: actor,
          lead_refs: [randomUUID()],
          date: `2026-11-1${i}T10:00:00.000Z`,
        })),
      );
      // Sends only: the two server processes are the workers.
      sender = new PgBoss({ connectionString: url, schedule: false, supervise: false, max: 1 });
      sender.on('error', () => undefined);
      await sender.start();
      const ids = await Promise.all(
        ['2026-11-09', '2026-11-09', '2026-11-09', '2026-11-09'].map((week) => sender?.send(JOB, { week })),
      );
      const states = await waitFor('the jobs', async () => {
        const result = (await w.tdb.handle.db.execute(
          sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${JOB} AND id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )) as unknown as { rows: { state: string; retry_count: number }[] };
        return result.rows.length === ids.length && result.rows.every((r) => r.state === 'completed')
          ? result.rows
          : undefined;
      });
      // Each job claimed once (no retry), and the week's winner written once.
      expect(states.map((s) => s.retry_count)).toEqual([0, 0, 0, 0]);
      const rows = await w.tdb.handle.db
        .select({ type: activities.type, user_refs: activities.user_refs })
        .from(activities)
        .where(and(eq(activities.org_id, w.world.org), inArray(activities.type, WINNER_TYPES)));
      expect(rows).toEqual([{ type: 'most_leads_week', user_refs: [w.world.users.rep.id] }]);
    }, 90_000);
  },
);
