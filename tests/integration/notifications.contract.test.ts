/**
 * Notifications: a device's queued `notification.read.v1`, and the notifications the server
 * creates where something concerns a user (the recipient pulls it; the actor and other orgs never).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import { notifyWeeklyRecord } from '#server/services/notify.ts';
import type { PullChange } from '#src/domain/schemas/sync.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Pulled = PullChange['row'] & {
  is_read?: boolean;
  title?: string;
  link?: string | null;
  text_key?: string | null;
  text_params?: Record<string, unknown> | null;
};

describe.each(testDatabaseKinds())('notifications on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);
  const pulled = async (key: UserKey) =>
    (await pulledRows(t.api, t.tokens[key], 'notifications')) as Pulled[];

  it('marks the caller’s own notification read through sync; another user’s stays unread', async () => {
    const [rep2Own] = await t.tdb.handle.db
      .insert(schema.notifications)
      .values({ org_id: t.world.org, user_id: t.world.users.rep2.id, title: 'For rep2' })
      .returning();
    const mine = (await pulled('rep')).find((n) => n.is_read === false);
    if (!mine || !rep2Own) throw new Error('fixture notifications missing');
    const res = await pushMutations(t.api, t.tokens.rep, [
      { name: 'notification.read.v1', args: { id: mine._id } },
      { name: 'notification.read.v1', args: { id: rep2Own.id } },
      { name: 'notification.read.v1', args: { id: 'not-a-uuid' } },
      { name: 'notification.read.v1', args: { id: mine._id, extra: 1 } },
    ]);
    expect(res.status).toBe(200);
    expect((res.body.results as MutationResults).map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'rejected',
      'rejected',
    ]);
    const after = (await pulled('rep')).find((n) => n._id === mine._id);
    expect(after).toMatchObject({ is_read: true });
    expect(after?.version).toBeGreaterThan(mine.version);
    expect((await pulled('rep2')).find((n) => n._id === rep2Own.id)).toMatchObject({ is_read: false });
    // Another org's admin cannot reach it either.
    await pushMutations(t.api, t.tokens.outsider, [
      { name: 'notification.read.v1', args: { id: rep2Own.id } },
    ]);
    expect((await pulled('rep2')).find((n) => n._id === rep2Own.id)).toMatchObject({ is_read: false });
  });

  it('a guest marks their own too (notifications.read is every level’s, on their own)', async () => {
    const [own] = await t.tdb.handle.db
      .insert(schema.notifications)
      .values({ org_id: t.world.org, user_id: t.world.users.guest.id, title: 'For the guest' })
      .returning();
    const res = await pushMutations(t.api, t.tokens.guest, [
      { name: 'notification.read.v1', args: { id: own?.id ?? randomUUID() } },
    ]);
    expect((res.body.results as MutationResults)[0]?.status).toBe('applied');
    expect((await pulled('guest')).find((n) => n._id === own?.id)).toMatchObject({ is_read: true });
  });

  /** Notifications created after `since` (a version) for a user, as their device pulls them. */
  const newFor = async (key: UserKey, since: number) => (await pulled(key)).filter((n) => n.version > since);
  const versionNow = async () => {
    const rows = await t.tdb.handle.db.select({ v: schema.orgVersions.v }).from(schema.orgVersions);
    return Math.max(0, ...rows.map((r) => Number(r.v)));
  };

  it('a lead given to someone else tells them, never the actor nor another org', async () => {
    const since = await versionNow();
    const lead = t.world.contacts.repOwn;
    const edit = (token: string, body: Record<string, unknown>) =>
      t.api.call('POST', '/api/v2/leads/edit', { token, body: { id: lead, ...body } });
    expect((await edit(t.tokens.admin, { owner_id: t.world.users.rep2.id })).status).toBe(200);
    const [assigned] = await newFor('rep2', since);
    expect(assigned).toMatchObject({
      title: 'Lead assigned to you',
      link: `/contacts/${lead}`,
      is_read: false,
    });
    // The same words as a key and its parameters, which devices say in their reader's language.
    const [leadRow] = await t.tdb.handle.db
      .select({ name: schema.contacts.name })
      .from(schema.contacts)
      .where(eq(schema.contacts.id, lead));
    expect(assigned).toMatchObject({
      text_key: 'notification.leadAssigned',
      text_params: { actor: expect.stringMatching(/^admin /), lead: leadRow?.name },
      message: `${String(assigned?.text_params?.actor)} assigned you ${leadRow?.name}.`,
    });
    expect(await newFor('admin', since)).toEqual([]);
    // An energy consultant added through sync is told too; the actor added with them is not.
    const pushed = await pushMutations(t.api, t.tokens.admin, [
      {
        name: 'lead.edit.v1',
        args: {
          id: lead,
          energy_consultants: [t.world.users.rep.id, t.world.users.admin.id, t.world.users.guest.id],
        },
      },
    ]);
    expect((pushed.body.results as MutationResults)[0]?.status).toBe('applied');
    expect((await newFor('guest', since)).map((n) => n.title)).toEqual(['Lead assigned to you']);
    // Already a consultant: nothing new for them.
    expect(await newFor('rep', since)).toEqual([]);
    expect(await newFor('admin', since)).toEqual([]);
    // Taking the lead back for oneself tells no one.
    const before = await versionNow();
    expect((await edit(t.tokens.admin, { owner_id: t.world.users.admin.id })).status).toBe(200);
    expect(await newFor('rep2', before)).toEqual([]);
    // A user of another org never hears of it, whatever id is named.
    await edit(t.tokens.admin, { owner_id: t.world.users.outsider.id });
    expect(await newFor('outsider', since)).toEqual([]);
    // A refused change leaves no notification behind.
    const refused = await pushMutations(t.api, t.tokens.rep, [
      { name: 'lead.edit.v1', args: { id: t.world.contacts.teamA, owner_id: t.world.users.manager.id } },
    ]);
    expect((refused.body.results as MutationResults)[0]?.status).toBe('rejected');
    expect(await newFor('manager', since)).toEqual([]);
  });

  it('a new lead owned by someone else tells its owner', async () => {
    const since = await versionNow();
    const res = await t.api.call('POST', '/api/v2/leads/add', {
      token: t.tokens.manager,
      body: { name: 'Assigned Anna', phone: '5125550100', owner_id: t.world.users.rep.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = (res.body.data as { _id: string })._id;
    expect(await newFor('rep', since)).toMatchObject([
      {
        title: 'Lead assigned to you',
        link: `/contacts/${id}`,
        text_key: 'notification.leadAssigned',
        text_params: { actor: expect.stringMatching(/^manager /), lead: 'Assigned Anna' },
      },
    ]);
    expect(await newFor('manager', since)).toEqual([]);
  });

  it('an appointment set or changed for a user tells them', async () => {
    const since = await versionNow();
    const id = randomUUID();
    const save = (fields: Record<string, unknown>, create: boolean) =>
      pushMutations(t.api, t.tokens.admin, [
        { name: 'record.save.v1', args: { table: 'appointments', id, create, fields } },
      ]);
    const set = await save(
      {
        lead_id: t.world.contacts.teamA,
        user_id: t.world.users.rep.id,
        start_time: '2030-01-02T15:00:00.000Z',
        appointment_type: 'Consultation',
      },
      true,
    );
    expect((set.body.results as MutationResults)[0]?.status).toBe('applied');
    const moved = await save({ start_time: '2030-01-03T15:00:00.000Z' }, false);
    expect((moved.body.results as MutationResults)[0]?.status).toBe('applied');
    const got = await newFor('rep', since);
    expect(got.map((n) => n.title)).toEqual(['Appointment set for you', 'Your appointment changed']);
    expect(got[0]).toMatchObject({ link: `/contacts/${t.world.contacts.teamA}` });
    expect((got[0] as { message?: string }).message).toContain('Consultation');
    const [leadRow] = await t.tdb.handle.db
      .select({ name: schema.contacts.name })
      .from(schema.contacts)
      .where(eq(schema.contacts.id, t.world.contacts.teamA));
    expect(got.map((n) => [n.text_key, n.text_params])).toEqual([
      ['notification.appointmentSet', { type: 'Consultation', lead: leadRow?.name }],
      ['notification.appointmentChanged', { type: 'Consultation', lead: leadRow?.name }],
    ]);
    expect(await newFor('admin', since)).toEqual([]);
    expect(await newFor('outsider', since)).toEqual([]);
  });

  it('someone added to a team hears it, and so do its members', async () => {
    const since = await versionNow();
    const res = await t.api.call('POST', '/api/v2/users/edit', {
      token: t.tokens.admin,
      body: {
        id: t.world.users.rep2.id,
        teams: [
          { id: t.world.teams.b, role: 'Member' },
          { id: t.world.teams.a, role: 'Member' },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const link = `/teams/${t.world.teams.a}`;
    const [team] = await t.tdb.handle.db
      .select({ name: schema.teams.name })
      .from(schema.teams)
      .where(eq(schema.teams.id, t.world.teams.a));
    const teammate = {
      title: 'New teammate',
      link,
      text_key: 'notification.newTeammate',
      text_params: { person: expect.stringMatching(/^rep2 /), team: team?.name },
    };
    expect(await newFor('rep2', since)).toMatchObject([
      {
        title: 'Added to a team',
        link,
        text_key: 'notification.addedToTeam',
        text_params: { team: team?.name },
      },
    ]);
    expect(await newFor('rep', since)).toMatchObject([teammate]);
    expect(await newFor('manager', since)).toMatchObject([teammate]);
    expect(await newFor('admin', since)).toEqual([]);
    expect(await newFor('outsider', since)).toEqual([]);
  });

  it('a new announcement tells everyone in the org but its author; an edit tells no one again', async () => {
    const since = await versionNow();
    const id = randomUUID();
    const save = (fields: Record<string, unknown>, create: boolean) =>
      pushMutations(t.api, t.tokens.admin, [
        { name: 'record.save.v1', args: { table: 'announcements', id, create, fields } },
      ]);
    const made = await save(
      { category: 'General', title: 'Kickoff Friday', date: '2026-11-20T15:00:00.000Z', content: 'Hi' },
      true,
    );
    expect((made.body.results as MutationResults)[0]?.status).toBe('applied');
    for (const key of ['rep', 'rep2', 'manager', 'guest'] as const) {
      expect(await newFor(key, since), key).toMatchObject([
        {
          title: 'New announcement',
          message: 'Kickoff Friday',
          link: `/update?open=${id}`,
          text_key: 'notification.announcement',
          text_params: { title: 'Kickoff Friday' },
        },
      ]);
    }
    expect(await newFor('admin', since)).toEqual([]);
    expect(await newFor('outsider', since)).toEqual([]);
    const before = await versionNow();
    const edited = await save({ title: 'Kickoff Saturday' }, false);
    expect((edited.body.results as MutationResults)[0]?.status).toBe('applied');
    expect(await newFor('rep', before)).toEqual([]);
    // A rep may not publish: refused, and no one is told.
    const refused = await pushMutations(t.api, t.tokens.rep, [
      {
        name: 'record.save.v1',
        args: {
          table: 'announcements',
          id: randomUUID(),
          create: true,
          fields: { category: 'General', title: 'Rogue', date: '2026-11-20T15:00:00.000Z' },
        },
      },
    ]);
    expect((refused.body.results as MutationResults)[0]?.status).toBe('rejected');
    expect(await newFor('manager', before)).toEqual([]);
  });

  it('a weekly record tells the winner and their teammates, with its key when the job gives it', async () => {
    const db = t.tdb.handle.db;
    const { rep } = t.world.users;
    const since = await versionNow();
    await notifyWeeklyRecord(db, t.world.org, since + 1, rep.id, 'Most sales this week: Riley (4)', {
      category: 'sales',
      person: 'Riley',
      count: 4,
    });
    await notifyWeeklyRecord(db, t.world.org, since + 1, rep.id, 'Most leads this week: Riley (2)');
    const told = await db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.user_id, rep.id), eq(schema.notifications.title, 'Weekly record')));
    expect(told.map((n) => [n.message, n.text_key, n.text_params])).toEqual([
      [
        'Most sales this week: Riley (4)',
        'notification.weeklyRecord',
        { category: 'sales', person: 'Riley', count: 4 },
      ],
      // Without the record the words are only the job's, shown as written.
      ['Most leads this week: Riley (2)', null, null],
    ]);
  });
});
