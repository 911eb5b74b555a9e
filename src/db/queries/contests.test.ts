import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { contestStandings } from '#src/domain/contests.ts';
import { CrmDatabase } from '../database.ts';
import { contestData, listContests, salesSince } from './contests.ts';

describe('the contests read', () => {
  it('lists live contests and reads the sales, dated by signing or last move onto the sold stage, and who is who', async () => {
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
      // As pulled: the data's fields on the row itself. l1 moved onto the sold stage in the contest.
      {
        _id: 'a1',
        type: 'moved_to',
        actor_id: 'u2',
        date: '2026-03-05T10:00:00Z',
        lead_refs: ['l1'],
        old: 'Lead',
        new: 'Customer',
      },
      // As written on the device before a pull: l3's move is before the contest's first day.
      {
        _id: 'a2',
        type: 'moved_to',
        actor_id: 'u1',
        date: '2026-02-27T10:00:00Z',
        lead_refs: ['l3'],
        data: { old: 'Lead', new: 'Customer' },
      },
    ]);
    const deal = (id: string, status: string, fields: Record<string, unknown> = {}) => ({
      _id: id,
      name: id,
      owner_id: 'u1',
      deal_stage: status === 'Closed Won' ? 'Lead' : 'Customer',
      deal_stage_status: status,
      ...fields,
    });
    // Contacts are written with the pin index's change rows, as every write of them is.
    await db.transaction('rw', [db.contacts, db.pin_changes], () =>
      db.contacts.bulkPut([
        deal('l1', 'Contract Signed', { contract_amount: 20_000.25 }),
        deal('l2', 'CRC', { contract_amount: 5_000, contract_signed_date: '2026-04-02' }),
        deal('l3', 'Contract Signed', { contract_amount: 7 }),
        // Not sales: a Closed Won lead, a cancelled contract.
        deal('l4', 'Closed Won', { contract_amount: 1, contract_signed_date: '2026-03-05' }),
        deal('l5', 'Cancellation', { contract_amount: 1, contract_signed_date: '2026-03-05' }),
      ]),
    );

    expect((await listContests(db)).map((c) => c._id)).toEqual(['c1']);
    const data = await contestData(db, salesSince(await listContests(db), new Date('2026-03-10T00:00:00Z')));
    expect(data.sales).toEqual([
      { lead_id: 'l1', owner_id: 'u1', team_id: null, day: '2026-03-05', cents: 2_000_025, kw: 0 },
      { lead_id: 'l2', owner_id: 'u1', team_id: null, day: '2026-04-02', cents: 500_000, kw: 0 },
      // Its move came before the moves read: it has no day the contests could count.
      { lead_id: 'l3', owner_id: 'u1', team_id: null, day: null, cents: 700, kw: 0 },
    ]);
    expect(data.people.get('u1')).toEqual({ name: 'Riley Carter', pfp: null });
    expect(data.teamNames.get('t1')).toBe('Phoenix Central');
    expect(data.regionNames.get('r1')).toBe('Central');

    const contest = (await listContests(db))[0];
    // l2 was signed after the contest, l3 sold before it: only l1 counts.
    expect(contestStandings({ ...contest, contest_qualifier: 'Sales Volume' }, data)).toEqual([
      { user_id: 'u1', sales_number: 1, sales_volume: 20_000.25, rank: 1 },
    ]);
    db.close();
  });

  it('reads sales only for contests still to be counted, with the moves from the earliest first day', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const running = { _id: 'a', start_date: '2026-03-01', end_date: '2026-03-31' };
    const later = { _id: 'b', start_date: '2026-02-01', end_date: '2026-02-28' };
    expect(salesSince([running, later], now)).toBe('2026-02-01T00:00:00.000Z');
    expect(salesSince([{ ...later, decided_at: '2026-03-01T00:15:00Z' }, running], now)).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    // Upcoming and decided contests need no sales.
    expect(salesSince([{ _id: 'c', start_date: '2026-04-01', end_date: '2026-04-30' }], now)).toBeNull();
    expect(salesSince([], now)).toBeNull();
  });
});
