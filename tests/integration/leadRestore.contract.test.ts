import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, contacts } from '#server/db/schema.ts';
import { UNDO_DELETE_MS } from '#src/domain/leadDeletion.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

type Lead = Record<string, unknown> & { _id: string };

describe.each(testDatabaseKinds('both'))('deleting and restoring a lead on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'guest', 'outsider']);

  const edit = (who: UserKey, body: Record<string, unknown>) =>
    t.api.call('POST', '/api/v2/leads/edit', { token: t.tokens[who], body });
  const visible = async (who: UserKey, id: string) => {
    const res = await t.api.call('GET', `/api/v2/leads/get?ids=${id}`, { token: t.tokens[who] });
    return (res.body.data as Lead[]).some((lead) => lead._id === id);
  };
  const deletedIds = async (who: UserKey = 'admin') => {
    const res = await t.api.call('GET', '/api/v2/leads/deleted', { token: t.tokens[who] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Lead[]).map((lead) => lead._id);
  };
  const newLead = async (name: string) => {
    const res = await t.api.call('POST', '/api/v2/leads/add', { token: t.tokens.rep, body: { name } });
    expect(res.status).toBe(201);
    return (res.body.data as Lead)._id;
  };

  it('lets the manager who deleted a lead undo it at once, and no one else but an admin', async () => {
    const id = await newLead('Undo Me');
    expect((await edit('manager', { _id: id, deleted: true })).status).toBe(200);
    expect(await visible('rep', id)).toBe(false);

    // The rep may read the lead but not bring it back; another org's admin does not reach it.
    const byRep = await edit('rep', { _id: id, deleted: false });
    expect(byRep.status).toBe(403);
    expect(byRep.body.message).toMatch(/admin/i);
    expect((await edit('outsider', { _id: id, deleted: false })).status).toBe(404);
    expect((await edit('guest', { _id: id, deleted: false })).status).toBe(404);

    const undone = await edit('manager', { _id: id, deleted: false });
    expect(undone.status).toBe(200);
    expect((undone.body.data as Lead).deleted_at).toBeNull();
    expect((undone.body.data as Lead).name).toBe('Undo Me');
    expect(await visible('rep', id)).toBe(true);
    const restored = await t.tdb.handle.db
      .select()
      .from(activities)
      .where(eq(activities.type, 'lead_restored'));
    expect(restored.some((a) => a.lead_refs.includes(id))).toBe(true);
  });

  it('refuses the undo once the window has passed; an admin restores it any time', async () => {
    const id = await newLead('Long Gone');
    expect((await edit('manager', { _id: id, deleted: true })).status).toBe(200);
    const longAgo = new Date(Date.now() - UNDO_DELETE_MS - 60_000).toISOString();
    await t.tdb.handle.db.update(contacts).set({ deleted_at: longAgo }).where(eq(contacts.id, id));
    expect((await edit('manager', { _id: id, deleted: false })).status).toBe(403);

    expect(await deletedIds()).toContain(id);
    expect((await edit('admin', { _id: id, deleted: false })).status).toBe(200);
    expect(await deletedIds()).not.toContain(id);
    expect(await visible('rep', id)).toBe(true);
    // Restoring a lead that is not deleted changes nothing; editing a deleted one still fails.
    expect((await edit('admin', { _id: id, deleted: false })).status).toBe(200);
    expect((await edit('admin', { _id: id, deleted: true })).status).toBe(200);
    expect((await edit('admin', { _id: id, name: 'Changed' })).status).toBe(404);
  });

  it('lists deleted leads to admins only, never another org’s, and refuses bad input clearly', async () => {
    const id = await newLead('Listed Deleted');
    expect((await edit('admin', { _id: id, deleted: true })).status).toBe(200);
    const res = await t.api.call('GET', '/api/v2/leads/deleted?q=listed', { token: t.tokens.admin });
    expect(res.status).toBe(200);
    const [row] = res.body.data as Lead[];
    expect(row).toMatchObject({ _id: id, name: 'Listed Deleted', deleted_by: t.world.users.admin.id });
    expect(typeof row?.deleted_at).toBe('string');

    for (const who of ['manager', 'rep', 'guest'] as const) {
      const refused = await t.api.call('GET', '/api/v2/leads/deleted', { token: t.tokens[who] });
      expect(refused.status, who).toBe(403);
    }
    expect(await deletedIds('outsider')).not.toContain(id);
    expect((await edit('outsider', { _id: id, deleted: false })).status).toBe(404);
    expect((await t.api.call('GET', '/api/v2/leads/deleted')).status).toBe(401);
    const bad = await t.api.call('GET', '/api/v2/leads/deleted?limit=5000', { token: t.tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit/i);
    const unknown = await t.api.call('GET', '/api/v2/leads/deleted?deleted=1', { token: t.tokens.admin });
    expect(unknown.status).toBe(400);
  });

  it('deletes and undoes through sync in one batch, and the pull brings the lead back', async () => {
    const id = await newLead('Synced Undo');
    const push = await pushMutations(t.api, t.tokens.manager, [
      { name: 'lead.edit.v1', args: { _id: id, deleted: true } },
      { name: 'lead.edit.v1', args: { _id: id, deleted: false } },
    ]);
    expect(push.status).toBe(200);
    expect((push.body.results as MutationResults).map((r) => r.status)).toEqual(['applied', 'applied']);
    const pulled = (await pulledRows(t.api, t.tokens.rep, 'contacts')).find((row) => row._id === id);
    expect(pulled?.deleted_at).toBeNull();

    const byRep = await pushMutations(t.api, t.tokens.rep, [
      { name: 'lead.edit.v1', args: { _id: id, deleted: true } },
    ]);
    expect((byRep.body.results as MutationResults)[0]?.status).toBe('rejected');
  });
});
