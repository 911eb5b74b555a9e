import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { loadActor, provisionalActor } from './actor.ts';

describe('the actor from the device rows', () => {
  it('has the facts the server computes: teams, managed teams and members, regions', async () => {
    const db = new CrmDatabase('actor-facts', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.users.bulkPut([
      { _id: 'lead', access_level: 'User', roles: [], org_id: 7 },
      { _id: 'rep', access_level: 'User', roles: [], org_id: 7 },
    ]);
    await db.teams.bulkPut([
      { _id: 't1', region_id: 'r1' },
      { _id: 't2', region_id: 'r2', leader_id: 'lead' },
      { _id: 't3', region_id: 'r3', deleted_at: '2026-01-01T00:00:00Z' },
    ]);
    await db.team_members.bulkPut([
      { _id: 'm1', team_id: 't1', user_id: 'lead', role: 'Member' },
      { _id: 'm2', team_id: 't2', user_id: 'rep', role: 'Member' },
      { _id: 'm3', team_id: 't3', user_id: 'lead', role: 'Leader' },
    ]);
    const actor = await loadActor(db, 'lead', 'Guest');
    expect(actor).toMatchObject({ user_id: 'lead', org_id: 7, level: 'User', super_admin: false });
    expect(actor.team_ids).toEqual(['t1']);
    expect(actor.managed_team_ids).toEqual(['t2']);
    expect([...actor.region_ids].sort()).toEqual(['r1', 'r2']);
    expect(actor.managed_member_ids).toEqual(['rep']);
    db.close();
  });

  it('falls back to the session level before the user row is on the device', async () => {
    const db = new CrmDatabase('actor-empty', { indexedDB: new IDBFactory(), IDBKeyRange });
    expect((await loadActor(db, 'u', 'Manager')).level).toBe('Manager');
    expect(provisionalActor('u', 'nonsense').level).toBe('Guest');
    db.close();
  });

  it('acts as an admin of the org a super admin switched to, on none of its teams', async () => {
    const db = new CrmDatabase('actor-acting', { indexedDB: new IDBFactory(), IDBKeyRange });
    const actor = await loadActor(db, 'super', 'Admin', 7);
    expect(actor).toMatchObject({ user_id: 'super', org_id: 7, level: 'Admin', super_admin: true });
    expect(actor.team_ids).toEqual([]);
    db.close();
  });
});
