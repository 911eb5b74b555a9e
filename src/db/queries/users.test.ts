import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import type { UserRow } from '../rows.ts';
import { userTeams } from './users.ts';

describe("a user's teams on the device", () => {
  const db = new CrmDatabase('user-teams', { indexedDB: new IDBFactory(), IDBKeyRange });
  const user = (teams: unknown) => ({ _id: 'u1', name: 'Riley Rep', teams }) as UserRow;

  it.each([
    ['no row', undefined, []],
    ['a row without teams', user(undefined), []],
    ['an empty list', user([]), []],
    [
      'the names the device has now, in the row order',
      user([
        { id: 't2', name: 'South', role: 'Member' },
        { id: 't1', name: 'Old North', role: 'Leader' },
      ]),
      [
        { id: 't2', name: 'South Team', role: 'Member' },
        { id: 't1', name: 'North Team', role: 'Leader' },
      ],
    ],
    ['a team deleted since is left out', user([{ id: 't3', name: 'Gone', role: 'Member' }]), []],
    [
      "the row's own name for a team the device does not hold",
      user([{ id: 't9', name: 'Faraway', role: 'Manager' }]),
      [{ id: 't9', name: 'Faraway', role: 'Manager' }],
    ],
    // A change written on this device lists ids and roles only.
    [
      'a pending change without names',
      user([{ id: 't1', role: 'Member' }]),
      [{ id: 't1', name: 'North Team', role: 'Member' }],
    ],
  ])('%s', async (_case, row, expected) => {
    await db.teams.bulkPut([
      { _id: 't1', name: 'North Team' },
      { _id: 't2', name: 'South Team' },
      { _id: 't3', name: 'Gone', deleted_at: '2026-01-01T00:00:00Z' },
    ]);
    expect(await userTeams(db, row)).toEqual(expected);
  });
});
