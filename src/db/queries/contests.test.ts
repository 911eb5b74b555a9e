import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { contestStandings } from '#src/domain/contests.ts';
import { CrmDatabase } from '../database.ts';
import { contestData, listContests, salesSince } from './contests.ts';

describe('the contests read', () => {
  it('lists live contests and reads the closed won changes, their leads and who is who', async () => {
    const db = new CrmDatabase('contests-read', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.contests.bulkPut([
      { _id: 'c1', name: 'Sprint', start_date: '2026-03-01', end_date: '2026-03-31', team_ids: ['t1'] },
      { _id: 'c2', name: 'Gone', deleted_at: '2026-03-02T00:00:00Z' },
    ]);
    await db.users.bulkPut([
      { _id: 'u1', name: 'Riley Carter', pfp: '', status: true },
      { _id: 'u2', name: 'Morgan Reyes', status: true },
    ]);
    await db.teams.bulkPut([{ _id: 't1', name: 'Phoenix Central', region_id: 'r1' }]);
    await db.regions.bulkPut([{ _id: 'r1', name: 'Central', manager_ids: ['u2'] }]);
    await db.team_members.bulkPut([{ _id: 'm1', team_id: 't1', user_id: 'u1' }]);
    await db.activities.bulkPut([
      // As pulled: the data's fields on the row itself.
      {
        _id: 'a1',
        type: 'lead_status_change',
        actor_id: 'u1',
        date: '2026-03-05T10:00:00Z',
        lead_refs: ['l1'],
        new: 'Closed Won',
      },
      // As written on the device before a pull.
      {
        _id: 'a2',
        type: 'lead_status_change',
        actor_id: 'u1',
        date: '2026-03-06T10:00:00Z',
        lead_refs: ['l2'],
        data: { new: ' closed won ' },
      },
      {
        _id: 'a3',
        type: 'lead_status_change',
        actor_id: 'u1',
        date: '2026-03-06T11:00:00Z',
        lead_refs: ['l3'],
        new: 'Come Back',
      },
      {
        _id: 'a4',
        type: 'lead_status_change',
        actor_id: 'u1',
        date: '2026-03-07T11:00:00Z',
        lead_refs: ['l4'],
        new: 'Closed Won',
        deleted_at: '2026-03-08T00:00:00Z',
      },
    ]);
    // Contacts are written with the pin index's change rows, as every write of them is.
    await db.transaction('rw', [db.contacts, db.pin_changes], () =>
      db.contacts.bulkPut([
        { _id: 'l1', contract_amount: 20_000 },
        { _id: 'l2', contract_amount: 5_000, contract_signed_date: '2026-04-02' },
        { _id: 'l4', contract_amount: 1 },
      ]),
    );

    expect((await listContests(db)).map((c) => c._id)).toEqual(['c1']);
    const data = await contestData(db, salesSince(await listContests(db), new Date('2026-03-10T00:00:00Z')));
    expect(data.activities.map((a) => a._id).sort()).toEqual(['a1', 'a2']);
    expect(data.leads).toEqual([
      { _id: 'l1', contract_amount: 20_000, contract_signed_date: null, deleted_at: null },
      { _id: 'l2', contract_amount: 5_000, contract_signed_date: '2026-04-02', deleted_at: null },
    ]);
    expect(data.people.get('u1')).toEqual({ name: 'Riley Carter', pfp: null });
    expect(data.teamNames.get('t1')).toBe('Phoenix Central');
    expect(data.regionNames.get('r1')).toBe('Central');

    const contest = (await listContests(db))[0];
    // l2 was signed after the contest: only l1 counts.
    expect(contestStandings({ ...contest, contest_qualifier: 'Sales Volume' }, data)).toEqual([
      { user_id: 'u1', sales_number: 1, sales_volume: 20_000, rank: 1 },
    ]);
    db.close();
  });

  it('reads sales only for contests still to be counted, from 90 days before the earliest', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const running = { _id: 'a', start_date: '2026-03-01', end_date: '2026-03-31' };
    const later = { _id: 'b', start_date: '2026-02-01', end_date: '2026-02-28' };
    expect(salesSince([running, later], now)).toBe('2025-11-03T00:00:00.000Z');
    expect(salesSince([{ ...later, decided_at: '2026-03-01T00:15:00Z' }, running], now)).toBe(
      '2025-12-01T00:00:00.000Z',
    );
    // Upcoming and decided contests need no sales.
    expect(salesSince([{ _id: 'c', start_date: '2026-04-01', end_date: '2026-04-30' }], now)).toBeNull();
    expect(salesSince([], now)).toBeNull();
  });
});
