import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { can } from '#src/domain/permissions.ts';
import { CrmDatabase } from '../database.ts';
import { loadActor } from './actor.ts';
import { listRoles } from './roles.ts';

describe('named roles on the device', () => {
  it('lists live roles by name and adds what the user holds to their actor', async () => {
    const db = new CrmDatabase('roles-actor', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.roles.bulkPut([
      { _id: '101', id: 101, org_id: 6, name: 'Team keepers', permissions: ['teams.manage'] },
      { _id: '100', id: 100, org_id: 6, name: 'Globalists', permissions: ['views.global', 'roles.manage'] },
      { _id: '102', id: 102, org_id: 6, name: 'Gone', permissions: ['users.manage'], deleted_at: 'x' },
    ]);
    await db.users.put({ _id: 'rep', access_level: 'User', roles: [100, 102], org_id: 6 });
    expect((await listRoles(db)).map((r) => r.name)).toEqual(['Globalists', 'Team keepers']);
    const rep = await loadActor(db, 'rep');
    expect(rep.granted).toEqual(['views.global']);
    expect(can(rep, 'views.global')).toBe(true);
    expect(can(rep, 'roles.manage')).toBe(false);
    expect(can(rep, 'teams.manage')).toBe(false);
    // A sync that takes the role off (or changes it) changes the actor.
    await db.users.put({ _id: 'rep', access_level: 'User', roles: [101], org_id: 6 });
    expect(can(await loadActor(db, 'rep'), 'teams.manage')).toBe(true);
    await db.users.put({ _id: 'rep', access_level: 'User', roles: [], org_id: 6 });
    expect((await loadActor(db, 'rep')).granted).toBeUndefined();
    db.close();
  });
});
