import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, notifications, users } from '#server/db/schema.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Lead = Record<string, unknown> & { _id: string };

describe.each(testDatabaseKinds('both'))('reassigning a lead’s owner on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'guest', 'outsider']);

  const edit = (who: UserKey, body: Record<string, unknown>) =>
    t.api.call('POST', '/api/v2/leads/edit', { token: t.tokens[who], body });
  /** A lead of team A owned by the rep (the manager leads team A: manager and rep are its members). */
  const teamALead = async (name: string) => {
    const res = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.admin,
      body: { name, owner_id: t.world.users.rep.id, team_id: t.world.teams.a },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.data as Lead)._id;
  };

  it('lets a manager give a lead of their team to a member, with an activity and a notification', async () => {
    const id = await teamALead('Stale Lead');
    const { manager, rep } = t.world.users;
    expect((await edit('manager', { _id: id, owner_id: manager.id })).status).toBe(200);
    const back = await edit('manager', { _id: id, owner_id: rep.id });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((back.body.data as Lead).owner_id).toBe(rep.id);

    const entries = await t.tdb.handle.db
      .select()
      .from(activities)
      .where(eq(activities.type, 'lead_reassigned'));
    const last = entries.filter((a) => a.lead_refs.includes(id)).at(-1);
    expect(last?.actor_id).toBe(manager.id);
    expect(last?.message).toMatch(/^reassigned the lead to rep /);
    expect(last?.data).toMatchObject({
      old: manager.id,
      new: rep.id,
      to_name: expect.stringMatching(/^rep /),
      // The key devices say in their reader's language, with the lead and the new owner by name.
      text_key: 'activity.reassigned',
      text_params: { lead: 'Stale Lead', to: expect.stringMatching(/^rep /) },
    });

    const told = await t.tdb.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, rep.id), eq(notifications.link, `/contacts/${id}`)));
    expect(told.map((n) => n.title)).toContain('Lead assigned to you');
  });

  it('refuses a manager a target outside their teams, and a lead outside their teams', async () => {
    const id = await teamALead('Keep In Team');
    const outOfScope = await edit('manager', { _id: id, owner_id: t.world.users.rep2.id });
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body.message).toMatch(/members of the teams you manage/);
    // Team B's lead is not the manager's to read at all.
    const teamB = await edit('manager', { _id: t.world.contacts.teamB, owner_id: t.world.users.rep.id });
    expect(teamB.status).toBe(404);
    // An admin may give it to anyone active in the org.
    expect((await edit('admin', { _id: id, owner_id: t.world.users.rep2.id })).status).toBe(200);
  });

  it('refuses the wrong role and another org', async () => {
    const id = await teamALead('Not Yours To Give');
    const byRep = await edit('rep', { _id: id, owner_id: t.world.users.manager.id });
    expect(byRep.status).toBe(403);
    expect(byRep.body.message).toMatch(/cannot reassign leads/);
    expect((await edit('guest', { _id: id, owner_id: t.world.users.rep2.id })).status).toBe(404);
    // Another org's admin reaches neither the lead nor, from here, another org's user.
    expect((await edit('outsider', { _id: id, owner_id: t.world.users.outsider.id })).status).toBe(404);
    const toOutsider = await edit('admin', { _id: id, owner_id: t.world.users.outsider.id });
    expect(toOutsider.status).toBe(400);
    expect(toOutsider.body.message).toMatch(/active user of your organization/);
    const otherOrgLead = await edit('admin', {
      _id: t.world.contacts.otherOrg,
      owner_id: t.world.users.rep.id,
    });
    expect(otherOrgLead.status).toBe(404);
  });

  it('refuses an inactive or unknown owner and hostile input with a clear 400', async () => {
    const id = await teamALead('Hostile Input');
    await t.tdb.handle.db.update(users).set({ status: false }).where(eq(users.id, t.world.users.rep2.id));
    try {
      const inactive = await edit('admin', { _id: id, owner_id: t.world.users.rep2.id });
      expect(inactive.status).toBe(400);
      expect(inactive.body.message).toMatch(/active user/);
    } finally {
      await t.tdb.handle.db.update(users).set({ status: true }).where(eq(users.id, t.world.users.rep2.id));
    }
    const unknown = await edit('admin', { _id: id, owner_id: '0190aaaa-0000-7000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect((await edit('admin', { _id: id, owner_id: null })).status).toBe(400);
    for (const owner_id of ["x' OR 1=1 --", ['a'], { $ne: null }, 42, '<script>']) {
      const res = await edit('admin', { _id: id, owner_id });
      expect(res.status, JSON.stringify(owner_id)).toBe(400);
      expect(res.body.message).toMatch(/owner_id/);
    }
  });

  it('applies a reassignment through sync and rejects one out of scope', async () => {
    const id = await teamALead('Synced Owner');
    const push = await pushMutations(t.api, t.tokens.manager, [
      { name: 'lead.edit.v1', args: { _id: id, owner_id: t.world.users.manager.id, base_versions: {} } },
      { name: 'lead.edit.v1', args: { _id: id, owner_id: t.world.users.rep2.id, base_versions: {} } },
    ]);
    expect(push.status).toBe(200);
    const results = push.body.results as MutationResults;
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected']);
    expect(results[1]?.message).toMatch(/members of the teams you manage/);
  });
});
