/**
 * Automations: saved through sync by admins only (bad fields named, other roles and orgs refused);
 * a lead's change runs each matching automation once; an automation's own changes stop at the
 * depth limit with a clear log line; a failing action is retried, then recorded failed, without
 * holding up other runs; the run log and GET /api/fetch_automations answer admins only.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, automationRuns, contacts, notifications, teamMembers } from '#server/db/schema.ts';
import {
  dispatchAutomationEvents,
  executeRun,
  resumeDueRuns,
  runTimeTriggers,
  sweepAutomations,
} from '#server/services/automations/runner.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { DEPTH_LIMIT_MESSAGE, MAX_ACTION_ATTEMPTS } from '#src/domain/automations/schemas.ts';
import { testConfig } from '../support/api.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { queueRun } from '../support/automationRuns.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Results = { id: number; status: string; message?: string }[];

describe.each(testDatabaseKinds('both'))('automations on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'outsider']);
  let ctx: ServiceContext;
  let clock = Date.now();
  const created: string[] = [];

  beforeAll(async () => {
    ctx = { db: t.tdb.handle.db, config: testConfig(), now: () => new Date(clock) };
    // The manager leads team A: a "notify the team managers" action reaches them.
    await t.tdb.handle.db
      .update(teamMembers)
      .set({ role: 'Manager' })
      .where(
        and(eq(teamMembers.team_id, t.world.teams.a), eq(teamMembers.user_id, t.world.users.manager.id)),
      );
  });
  afterAll(async () => {
    if (created.length)
      await pushAs(
        'admin',
        created.map((id) => ({ name: 'record.delete.v1', args: { table: 'automations', id } })),
      );
  });

  const pushAs = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await t.api.call('POST', '/api/v2/sync/push', {
      token: t.tokens[who],
      body: {
        client_id: randomUUID(),
        schema_version: 1,
        mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as Results;
  };
  const save = (id: string, fields: Record<string, unknown>, create = true) => ({
    name: 'record.save.v1',
    args: { table: 'automations', id, create, fields },
  });
  // As a device that just pulled the lead: it has seen the latest versions of its fields.
  const setStatus = async (who: UserKey, leadId: string, status: string) => {
    const [row] = await t.tdb.handle.db
      .select({ versions: contacts.field_versions })
      .from(contacts)
      .where(eq(contacts.id, leadId));
    const args = { _id: leadId, deal_stage_status: status, base_versions: row?.versions ?? {} };
    return pushAs(who, [{ name: 'lead.edit.v1', args }]);
  };
  const runsOf = (automationId: string) =>
    t.tdb.handle.db.select().from(automationRuns).where(eq(automationRuns.automation_id, automationId));
  const makeAutomation = async (fields: Record<string, unknown>) => {
    const id = randomUUID();
    const result = await pushAs('admin', [save(id, { description: '', enabled: true, ...fields })]);
    expect(result[0], JSON.stringify(result)).toMatchObject({ status: 'applied' });
    created.push(id);
    return id;
  };
  const disable = (id: string) => pushAs('admin', [save(id, { enabled: false }, false)]);

  const NOTIFY = {
    name: 'Appointment set: tell the team',
    trigger: { type: 'status_changed', from: null, to: 'Appointment Set' },
    conditions: { match: 'all', rules: [] },
    actions: [
      {
        type: 'notify',
        recipients: ['team_managers'],
        user_ids: [],
        title: 'Appointment set',
        message: 'An appointment was set.',
      },
    ],
  };

  it('an admin saves one; the org’s admins pull it; bad fields are named; other roles and orgs are refused', async () => {
    const id = await makeAutomation(NOTIFY);
    expect((await pulledRows(t.api, t.tokens.admin, 'automations')).find((r) => r._id === id)).toMatchObject({
      name: NOTIFY.name,
      enabled: true,
    });
    expect(
      (await pulledRows(t.api, t.tokens.outsider, 'automations')).find((r) => r._id === id),
    ).toBeUndefined();

    const bad = await pushAs('admin', [
      save(randomUUID(), { ...NOTIFY, trigger: { type: 'sometimes' } }),
      save(randomUUID(), { ...NOTIFY, actions: [] }),
      save(randomUUID(), { ...NOTIFY, actions: [{ type: 'webhook', endpoint_id: 'not-an-id' }] }),
    ]);
    expect(bad.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(bad[0]?.message).toMatch(/trigger/);
    expect(bad[1]?.message).toMatch(/actions/);
    expect(bad[2]?.message).toMatch(/endpoint_id/);

    const manager = await pushAs('manager', [save(randomUUID(), NOTIFY)]);
    expect(manager[0]).toMatchObject({ status: 'rejected', message: expect.stringMatching(/admins/i) });
    const foreign = await pushAs('outsider', [save(id, { name: 'Taken' }, false)]);
    expect(foreign[0]?.status).toBe('rejected');
    await disable(id);
  });

  it('a status change runs a matching automation exactly once and notifies the team manager', async () => {
    const id = await makeAutomation(NOTIFY);
    const lead = t.world.contacts.repOwn;
    expect((await setStatus('rep', lead, 'Appointment Set'))[0]?.status).toBe('applied');
    // Two dispatchers at once: each event is taken by one of them.
    await Promise.all([dispatchAutomationEvents(ctx), dispatchAutomationEvents(ctx)]);
    await dispatchAutomationEvents(ctx);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'succeeded',
      record_id: lead,
      record_table: 'contacts',
      depth: 0,
    });
    expect(runs[0]?.steps).toEqual([
      expect.objectContaining({
        type: 'notify',
        status: 'ok',
        result: 'notified 1 person',
        // The result as a key and parameters, which the run log says in its reader's language.
        text_key: 'automation.notified',
        text_params: { count: 1 },
      }),
    ]);
    const told = await t.tdb.handle.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.user_id, t.world.users.manager.id), eq(notifications.title, 'Appointment set')),
      );
    expect(told).toHaveLength(1);
    expect(told[0]?.link).toBe(`/contacts/${lead}`);

    // The run log: admins only, their org only.
    const log = await t.api.call('GET', `/api/v2/automations/${id}/runs`, { token: t.tokens.admin });
    expect(log.status).toBe(200);
    expect((log.body.data as { status: string }[]).map((r) => r.status)).toEqual(['succeeded']);
    expect((log.body.data as { record_name: string }[])[0]?.record_name).toMatch(/^Rita Own/);
    expect((await t.api.call('GET', `/api/v2/automations/${id}/runs`, { token: t.tokens.rep })).status).toBe(
      403,
    );
    expect(
      (await t.api.call('GET', `/api/v2/automations/${id}/runs`, { token: t.tokens.outsider })).status,
    ).toBe(404);
    expect(
      (await t.api.call('GET', '/api/v2/automations/not-an-id/runs', { token: t.tokens.admin })).status,
    ).toBe(400);
    const latest = await t.api.call('GET', '/api/v2/automations/runs/latest', { token: t.tokens.admin });
    expect((latest.body.data as { automation_id: string }[]).some((r) => r.automation_id === id)).toBe(true);
    await setStatus('rep', lead, 'Prospect');
    await disable(id);
    await dispatchAutomationEvents(ctx);
  });

  it('an automation that triggers itself stops at the depth limit, with a clear log line', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const lead = t.world.contacts.teamA;
    // Every status change sets another status: without the limit this would never end.
    const id = await makeAutomation({
      name: 'Ping-pong',
      trigger: { type: 'status_changed' },
      conditions: { match: 'all', rules: [{ field: 'team_id', op: 'eq', value: t.world.teams.a }] },
      actions: [{ type: 'change_status', status: 'Needs Rescheduled' }],
    });
    const other = await makeAutomation({
      name: 'Pong back',
      trigger: { type: 'status_changed', to: 'Needs Rescheduled' },
      conditions: { match: 'all', rules: [{ field: 'team_id', op: 'eq', value: t.world.teams.a }] },
      actions: [{ type: 'change_status', status: 'Follow Up' }],
    });
    await setStatus('admin', lead, 'Follow Up');
    for (let i = 0; i < 6; i++) await dispatchAutomationEvents(ctx);
    const runs = [...(await runsOf(id)), ...(await runsOf(other))];
    expect(runs.filter((r) => r.status === 'skipped').every((r) => r.error === DEPTH_LIMIT_MESSAGE)).toBe(
      true,
    );
    expect(runs.some((r) => r.status === 'skipped' && r.depth === 3)).toBe(true);
    expect(Math.max(...runs.map((r) => r.depth))).toBe(3);
    expect(log.mock.calls.some(([line]) => String(line).includes('stopped: depth limit 3 reached'))).toBe(
      true,
    );
    log.mockRestore();
    await disable(id);
    await disable(other);
  });

  it('a failing action is tried again with backoff, then recorded failed; other runs go on', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = await makeAutomation({
      name: 'Flaky',
      trigger: { type: 'note_added' },
      actions: [{ type: 'create_note', subject: 'Auto', body: 'Thanks for the note.' }],
    });
    const fine = await makeAutomation({
      name: 'Steady',
      trigger: { type: 'note_added' },
      actions: [{ type: 'create_activity', message: 'Seen by the automation.' }],
    });
    const lead = t.world.contacts.repOwn;
    const run = (automationId: string) => queueRun(t.tdb.handle.db, t.world.org, automationId, lead);
    const flakyRun = await run(failing);
    const steadyRun = await run(fine);
    // The flaky run's action meets a database that keeps failing.
    const broken = {
      ...ctx,
      db: new Proxy(ctx.db, {
        get(target, prop, receiver) {
          if (prop === 'transaction') return () => Promise.reject(new Error('connection reset'));
          return Reflect.get(target, prop, receiver);
        },
      }),
    } as ServiceContext;
    expect(await executeRun(broken, flakyRun)).toBe('retrying');
    // Another run is not held up by it.
    expect(await executeRun(ctx, steadyRun)).toBe('succeeded');
    const [activity] = await t.tdb.handle.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'automation'), eq(activities.message, 'Seen by the automation.')));
    expect(activity?.lead_refs).toEqual([lead]);
    // Not yet due: the backoff holds it back.
    expect(await executeRun(broken, flakyRun)).toBeUndefined();
    for (let attempt = 2; attempt <= MAX_ACTION_ATTEMPTS; attempt++) {
      clock += 60 * 60_000;
      await resumeDueRuns(broken);
    }
    const [failed] = await t.tdb.handle.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.id, flakyRun));
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'create_note: connection reset',
      attempts: MAX_ACTION_ATTEMPTS,
    });
    expect(failed?.steps).toEqual([
      expect.objectContaining({ type: 'create_note', status: 'failed', attempts: MAX_ACTION_ATTEMPTS }),
    ]);
    expect(failed?.finished_at).toBeTruthy();
    clock = Date.now();
    err.mockRestore();
    await disable(failing);
    await disable(fine);
  });

  it('GET /api/fetch_automations answers the org’s automations to admins only', async () => {
    const id = await makeAutomation({ ...NOTIFY, name: 'Listed', enabled: false });
    const res = await t.api.call('GET', '/api/fetch_automations', { token: t.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((res.body.data as { _id: string; name: string }[]).find((a) => a._id === id)).toMatchObject({
      name: 'Listed',
      enabled: false,
      trigger: NOTIFY.trigger,
    });
    // Another org's admin sees their own org's list only.
    const outsider = await t.api.call('GET', '/api/fetch_automations', { token: t.tokens.outsider });
    expect(outsider.status).toBe(200);
    expect((outsider.body.data as { _id: string }[]).some((a) => a._id === id)).toBe(false);
    const rep = await t.api.call('GET', '/api/fetch_automations', { token: t.tokens.rep });
    expect(rep.status).toBe(403);
    expect(rep.body.message).toBe('Get error');
    expect((await t.api.call('GET', '/api/fetch_automations')).status).toBe(401);
    // The legacy clients sign in with the query's auth_token.
    const byQuery = await t.api.call('GET', `/api/fetch_automations?auth_token=${t.tokens.admin}`);
    expect(byQuery.status, JSON.stringify(byQuery.body)).toBe(200);
  });

  it('clock triggers fire once per stay in a status and once per date reached', async () => {
    const lead = t.world.contacts.teamB;
    const day = 86_400_000;
    const stayed = await makeAutomation({
      name: 'Stuck in Follow Up',
      trigger: { type: 'days_in_status', status: 'Follow Up', days: 3 },
      actions: [{ type: 'create_note', subject: 'Reminder', body: 'Call them again.' }],
    });
    const dated = await makeAutomation({
      name: 'Install day',
      trigger: { type: 'date_reached', field: 'install_ready_date' },
      actions: [{ type: 'create_note', subject: 'Install', body: 'Ready to install today.' }],
    });
    const today = new Date().toISOString().slice(0, 10);
    await t.tdb.handle.db
      .update(contacts)
      .set({
        deal_stage_status: 'Follow Up',
        last_touched_at: new Date(Date.now() - 5 * day).toISOString(),
        data: sql`${contacts.data} || ${JSON.stringify({ install_ready_date: today })}::jsonb`,
      })
      .where(eq(contacts.id, lead));
    clock = Date.now();
    expect(await runTimeTriggers(ctx)).toBeGreaterThanOrEqual(2);
    // The next hour's check finds the same stay and the same date: nothing more.
    clock += 60 * 60_000;
    await runTimeTriggers(ctx);
    const stayRuns = (await runsOf(stayed)).filter((r) => r.record_id === lead);
    const dateRuns = (await runsOf(dated)).filter((r) => r.record_id === lead);
    expect(stayRuns).toHaveLength(1);
    expect(dateRuns).toHaveLength(1);
    expect(stayRuns[0]).toMatchObject({ status: 'succeeded', event_type: 'time.days_in_status' });
    expect(dateRuns[0]).toMatchObject({ status: 'succeeded', event_type: 'time.date_reached' });
    clock = Date.now();
    await disable(stayed);
    await disable(dated);
  });

  it('a disabled automation does not run', async () => {
    const id = await makeAutomation({ ...NOTIFY, enabled: false });
    await setStatus('rep', t.world.contacts.repOwn, 'Appointment Set');
    await dispatchAutomationEvents(ctx);
    expect(await runsOf(id)).toHaveLength(0);
    await setStatus('rep', t.world.contacts.repOwn, 'Prospect');
    // The minute's sweep takes what no job did.
    await sweepAutomations(ctx);
    expect(await runsOf(id)).toHaveLength(0);
  });
});
