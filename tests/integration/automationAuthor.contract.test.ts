/**
 * An automation acts as its author, with their rights at the time of the run: a plain user given
 * "manage automations" cannot reach leads beyond their own through one; a run whose author is
 * gone, deactivated or lost the right is skipped with its reason; whoever saves an automation
 * becomes its author; webhook endpoints, and automations that call one, need the right to send
 * every lead out of the app (admins, or org-wide contact read).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { automationRuns, automations, contacts, webhookDeliveries } from '#server/db/schema.ts';
import { dispatchAutomationEvents } from '#server/services/automations/runner.ts';
import type { ServiceContext } from '#server/services/context.ts';
import { RUN_AS_SKIPPED, WEBHOOK_ACTION_DENIED, WEBHOOKS_DENIED } from '#src/domain/automations/runAs.ts';
import { testConfig } from '../support/api.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { runNow } from '../support/automationRuns.ts';
import { PASSWORD } from '../support/fixtures.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('automations act as their author on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'rep']);
  let ctx: ServiceContext;
  let roleId = 0;
  const made: string[] = [];
  const log = vi.spyOn(console, 'log');
  const errors = vi.spyOn(console, 'error');

  const call = (who: UserKey, method: string, path: string, body?: unknown) =>
    t.api.call(method, path, { token: t.tokens[who], ...(body !== undefined ? { body } : {}) });
  const pushAs = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await pushMutations(t.api, t.tokens[who], mutations);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as MutationResults;
  };
  const save = (id: string, fields: Record<string, unknown>, create = true) => ({
    name: 'record.save.v1',
    args: { table: 'automations', id, create, fields },
  });
  /** Saves a new enabled automation as `who`; its id. */
  const makeAutomation = async (who: UserKey, fields: Record<string, unknown>) => {
    const id = randomUUID();
    const [result] = await pushAs(who, [
      save(id, { description: '', enabled: true, conditions: { match: 'all', rules: [] }, ...fields }),
    ]);
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'applied' });
    made.push(id);
    return id;
  };
  const authorOf = async (id: string) =>
    (await t.tdb.handle.db.select().from(automations).where(eq(automations.id, id)))[0]?.created_by;
  const leadOf = async (id: string) =>
    (await t.tdb.handle.db.select().from(contacts).where(eq(contacts.id, id)))[0];
  /** A run of the automation for the lead, executed now; the run as recorded. */
  const runFor = (automationId: string, leadId: string) => runNow(ctx, t.world.org, automationId, leadId);
  const setRep = async (changes: Record<string, unknown>) => {
    const res = await call('admin', 'POST', '/api/v2/users/edit', { _id: t.world.users.rep.id, ...changes });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const grant = async (permissions: string[]) => {
    const res = await call('admin', 'POST', '/api/v2/roles/edit', { id: roleId, permissions });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    log.mockImplementation(() => {});
    errors.mockImplementation(() => {});
    ctx = { db: t.tdb.handle.db, config: testConfig(), now: () => new Date() };
    // The rep stays a plain User; a named role gives them "manage automations" only.
    const role = await call('admin', 'POST', '/api/v2/roles/add', {
      name: 'Automators',
      permissions: ['automations.manage'],
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    roleId = (role.body.data as { id: number }).id;
    await setRep({ roles: [roleId] });
  });
  afterAll(async () => {
    log.mockRestore();
    errors.mockRestore();
    if (made.length)
      await pushAs(
        'admin',
        made.map((id) => ({ name: 'record.delete.v1', args: { table: 'automations', id } })),
      );
  });

  it('a user who may manage automations cannot take leads they cannot see through one', async () => {
    const rep = t.world.users.rep.id;
    const id = await makeAutomation('rep', {
      name: 'Mine, all mine',
      trigger: { type: 'lead_created' },
      actions: [{ type: 'set_field', field: 'owner_id', value: rep }],
    });
    expect(await authorOf(id)).toBe(rep);
    const added = await call('admin', 'POST', '/api/v2/leads/add', {
      name: 'Nadia New',
      phone: '6025550142',
      address: '4 New St, Phoenix, AZ 85004',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const leadId = (added.body.data as { _id: string })._id;
    await dispatchAutomationEvents(ctx);

    expect((await leadOf(leadId))?.owner_id).not.toBe(rep);
    const [run] = await t.tdb.handle.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.automation_id, id));
    expect(run).toMatchObject({
      status: 'skipped',
      error: RUN_AS_SKIPPED.leadOutOfReach,
      record_id: leadId,
      // The reason as a key too, which the run log says in its reader's language.
      error_key: 'automation.leadOutOfReach',
      error_params: {},
    });
    const read = await call('rep', 'GET', `/api/v2/leads/get?ids=${leadId}`);
    expect((read.body.data as unknown[] | undefined) ?? []).toHaveLength(0);
    // The run log shows the skip, but not the name of a lead the reader may not see.
    const runLog = await call('rep', 'GET', `/api/v2/automations/${id}/runs`);
    expect(runLog.status).toBe(200);
    expect(runLog.body.data).toEqual([
      expect.objectContaining({
        status: 'skipped',
        error: RUN_AS_SKIPPED.leadOutOfReach,
        error_key: 'automation.leadOutOfReach',
        record_name: null,
      }),
    ]);

    // A lead they see through their team but may not edit: the change is refused, the run failed.
    const teamLead = t.world.contacts.teamA;
    const refused = await runFor(id, teamLead);
    expect(refused?.status).toBe('failed');
    expect(refused?.steps).toEqual([expect.objectContaining({ type: 'set_field', status: 'failed' })]);
    expect((await leadOf(teamLead))?.owner_id).toBe(t.world.users.rep2.id);
    await pushAs('rep', [save(id, { enabled: false }, false)]);
  });

  it('a run is skipped, with its reason, when the author is deactivated, lost the right or is gone', async () => {
    const lead = t.world.contacts.repOwn;
    const id = await makeAutomation('rep', {
      name: 'Log it',
      trigger: { type: 'note_added' },
      actions: [{ type: 'create_activity', message: 'Seen by the rep’s automation.' }],
    });
    // The author may: the run goes ahead on their own lead.
    expect((await runFor(id, lead))?.status).toBe('succeeded');

    await setRep({ active: false });
    expect(await runFor(id, lead)).toMatchObject({
      status: 'skipped',
      error: RUN_AS_SKIPPED.deactivated,
      error_key: 'automation.authorDeactivated',
    });
    await setRep({ active: true });
    // Deactivation ended their sessions: they sign in again.
    t.tokens.rep = await t.api.login(t.world.users.rep.email, PASSWORD);

    await setRep({ roles: [] });
    expect(await runFor(id, lead)).toMatchObject({ status: 'skipped', error: RUN_AS_SKIPPED.noRight });
    await setRep({ roles: [roleId] });
    expect((await runFor(id, lead))?.status).toBe('succeeded');

    await t.tdb.handle.db.update(automations).set({ created_by: randomUUID() }).where(eq(automations.id, id));
    expect(await runFor(id, lead)).toMatchObject({
      status: 'skipped',
      error: RUN_AS_SKIPPED.unknown,
      error_key: 'automation.authorUnknown',
    });
    await pushAs('admin', [save(id, { enabled: false }, false)]);
  });

  it('whoever saves an automation becomes who it runs as', async () => {
    const lead = t.world.contacts.teamB;
    const id = await makeAutomation('rep', {
      name: 'Status sweep',
      trigger: { type: 'status_changed' },
      actions: [{ type: 'change_status', status: 'Follow Up' }],
    });
    expect(await runFor(id, lead)).toMatchObject({ status: 'skipped', error: RUN_AS_SKIPPED.leadOutOfReach });

    const [edited] = await pushAs('admin', [save(id, { name: 'Status sweep (checked)' }, false)]);
    expect(edited?.status).toBe('applied');
    expect(await authorOf(id)).toBe(t.world.users.admin.id);
    const pulled = (await pulledRows(t.api, t.tokens.rep, 'automations')).find((r) => r._id === id);
    expect(pulled?.created_by).toBe(t.world.users.admin.id);
    expect((await runFor(id, lead))?.status).toBe('succeeded');
    expect((await leadOf(lead))?.deal_stage_status).toBe('Follow Up');

    // The rep saving it again takes it back, with their own reach.
    await pushAs('rep', [save(id, { name: 'Status sweep (mine)' }, false)]);
    expect(await authorOf(id)).toBe(t.world.users.rep.id);
    expect((await runFor(id, lead))?.status).toBe('skipped');
    await pushAs('admin', [save(id, { enabled: false }, false)]);
  });

  it('webhooks need the right to send every lead out: an admin’s, or org-wide contact read', async () => {
    const endpoint = {
      name: 'Rep’s receiver',
      url: 'https://example.com/hooks',
      event_types: ['lead.created'],
    };
    const refused = await call('rep', 'POST', '/api/v2/webhooks', endpoint);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(WEBHOOKS_DENIED);
    expect((await call('rep', 'GET', '/api/v2/webhooks')).status).toBe(403);
    const made = await call('admin', 'POST', '/api/v2/webhooks', { ...endpoint, name: 'Admin’s receiver' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const endpointId = (made.body.data as { _id: string })._id;
    expect(
      (await call('rep', 'PATCH', `/api/v2/webhooks/${endpointId}`, { event_types: ['lead.created'] }))
        .status,
    ).toBe(403);

    // Nor may they make an automation call one.
    const calling = {
      name: 'Send it out',
      trigger: { type: 'lead_created' },
      actions: [{ type: 'webhook', endpoint_id: endpointId }],
    };
    const [rejected] = await pushAs('rep', [save(randomUUID(), calling)]);
    expect(rejected).toMatchObject({ status: 'rejected', message: WEBHOOK_ACTION_DENIED });
    const adminsId = await makeAutomation('admin', { ...calling, enabled: false });
    const [takeOver] = await pushAs('rep', [save(adminsId, { name: 'Mine now' }, false)]);
    expect(takeOver).toMatchObject({ status: 'rejected', message: WEBHOOK_ACTION_DENIED });
    expect(await authorOf(adminsId)).toBe(t.world.users.admin.id);

    // With every lead in reach, they may; losing that reach skips the automation's runs.
    await grant(['automations.manage', 'contacts.read']);
    const theirs = await makeAutomation('rep', calling);
    const repsEndpoint = await call('rep', 'POST', '/api/v2/webhooks', endpoint);
    expect(repsEndpoint.status).toBe(201);
    const repsEndpointId = (repsEndpoint.body.data as { _id: string })._id;
    expect((await runFor(theirs, t.world.contacts.teamB))?.status).toBe('succeeded');
    const queuedFor = async (endpointId: string) =>
      (
        await t.tdb.handle.db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpoint_id, endpointId))
      ).length;
    const addLead = async (name: string) => {
      const res = await call('admin', 'POST', '/api/v2/leads/add', {
        name,
        address: '5 Hook St, Phoenix, AZ 85004',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await addLead('Webhook One');
    const whileAllowed = await queuedFor(repsEndpointId);
    expect(whileAllowed).toBeGreaterThan(0);
    await grant(['automations.manage']);
    // The endpoint sends as whoever last saved it: once they may not export leads, nothing more is
    // queued for it, while the admin's endpoint goes on receiving.
    const adminsBefore = await queuedFor(endpointId);
    await addLead('Webhook Two');
    expect(await queuedFor(repsEndpointId)).toBe(whileAllowed);
    expect(await queuedFor(endpointId)).toBe(adminsBefore + 1);
    expect(await runFor(theirs, t.world.contacts.repOwn)).toMatchObject({
      status: 'skipped',
      error: RUN_AS_SKIPPED.noExport,
    });
    await pushAs('admin', [save(theirs, { enabled: false }, false)]);
  });
});
