import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { knockQualityRows, leaderboardReaders, leaderboardRows } from './leaderboard.ts';

const day = (d: number, h = 12) => new Date(2026, 2, d, h).toISOString();

describe('the leaderboard read', () => {
  it("reads the period's live activities and appointments, and users' and teams' board columns", async () => {
    const db = new CrmDatabase('leaderboard-read', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.activities.bulkPut([
      {
        _id: 'a1',
        type: 'lead_status_change',
        actor_id: 'u1',
        date: day(10),
        lead_refs: ['l1'],
        data: { new: 'X' },
      },
      {
        _id: 'a2',
        type: 'lead_status_change',
        actor_id: 'u1',
        date: day(9, 23),
        lead_refs: ['l1'],
        data: {},
      },
      {
        _id: 'a3',
        type: 'add_lead',
        actor_id: 'u1',
        date: day(10, 8),
        lead_refs: ['l2'],
        deleted_at: day(10),
      },
      { _id: 'a4', type: 'add_lead', actor_id: 'u2', date: day(11), lead_refs: ['l3'], data: {} },
      // As pulled: the data's fields on the row itself.
      {
        _id: 'a5',
        type: 'lead_status_change',
        actor_id: 'u2',
        date: day(10, 13),
        lead_refs: ['l3'],
        new: 'Y',
      },
    ]);
    await db.appointments.bulkPut([
      { _id: 'p1', lead_id: 'l1', created_by: 'u1', created_at: day(10, 9) },
      { _id: 'p2', lead_id: 'l1', created_by: 'u1', created_at: day(12) },
    ]);
    await db.users.bulkPut([
      { _id: 'u1', name: 'Ana López', email: 'a@x', setter_closer: 'setter', pfp: null, status: true },
      { _id: 'u2', name: 'Bo Ek', email: 'b@x', deleted_at: day(1) },
    ]);
    await db.teams.put({ _id: 't1', name: 'Central', region_id: 'r1' });
    await db.team_members.bulkPut([
      { _id: 'm1', team_id: 't1', user_id: 'u1', role: 'Member' },
      { _id: 'm2', team_id: 't1', user_id: 'u2', role: 'Member', deleted_at: day(1) },
    ]);
    const readers = leaderboardReaders(db);
    const rows = await leaderboardRows(db, readers, new Date(2026, 2, 10), new Date(2026, 2, 11));
    expect(rows.activities).toEqual([
      {
        _id: 'a1',
        type: 'lead_status_change',
        actor_id: 'u1',
        date: day(10),
        lead_refs: ['l1'],
        data: { new: 'X' },
      },
      {
        _id: 'a5',
        type: 'lead_status_change',
        actor_id: 'u2',
        date: day(10, 13),
        lead_refs: ['l3'],
        data: { new: 'Y' },
      },
    ]);
    expect(rows.appointments.map((a) => a._id)).toEqual(['p1']);
    expect(rows.users).toEqual([
      { _id: 'u1', name: 'Ana López', pfp: null, setter_closer: 'setter', status: true },
    ]);
    expect(rows.teams).toEqual([{ _id: 't1', name: 'Central', region_id: 'r1' }]);
    expect(rows.members).toEqual([{ team_id: 't1', user_id: 'u1' }]);
    db.close();
  });

  it('reads the period’s knocks, the sales whose day is in it, and this device’s paths', async () => {
    const db = new CrmDatabase('leaderboard-knocks', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.activities.bulkPut([
      {
        _id: 'a1',
        type: 'lead_status_change',
        actor_id: 'u1',
        date: day(10),
        lead_refs: ['l1'],
        new: 'Closed Won',
      },
      {
        _id: 'a2',
        type: 'lead_status_change',
        actor_id: 'u1',
        date: day(10),
        lead_refs: ['l2'],
        new: 'Not Home 1',
      },
      // As pulled: the moves onto the sold stage that date l3 (the 10th) and l5 (last: the 12th).
      ...[
        ['m1', 'l3', day(10)],
        ['m2', 'l5', day(10)],
        ['m3', 'l5', day(11)],
        ['m4', 'l5', day(12)],
      ].map(([id, lead, date], i) => ({
        _id: id as string,
        type: 'moved_to',
        actor_id: 'u2',
        date: date as string,
        lead_refs: [lead as string],
        old: i === 2 ? 'Customer' : 'Lead',
        new: i === 2 ? 'Lead' : 'Customer',
      })),
    ]);
    const contact = (id: string, status: string, stage: string, fields: Record<string, unknown> = {}) => ({
      _id: id,
      name: id,
      owner_id: 'u1',
      deal_stage: stage,
      deal_stage_status: status,
      ...fields,
    });
    await db.transaction('rw', [db.contacts, db.pin_changes], () =>
      db.contacts.bulkPut([
        contact('l1', 'Contract Signed', 'Customer', {
          contract_amount: 32_000.05,
          system_size_kw: 7.2,
          contract_signed_date: '2026-03-10',
          team_id: 't1',
        }),
        // Closed Won is not yet a sale.
        contact('l2', 'Closed Won', 'Lead', { contract_amount: 1, contract_signed_date: '2026-03-10' }),
        contact('l3', 'CRC', 'Customer', { owner_id: 'u2', contract_amount: 100 }),
        contact('l4', 'Contract Signed', 'Customer', { contract_signed_date: '2026-03-09' }),
        contact('l5', 'Contract Signed', 'Customer'),
        contact('l6', 'Cancellation', 'Customer', { contract_signed_date: '2026-03-10' }),
      ]),
    );
    await db.knocks.bulkPut([
      {
        _id: 'k1',
        user_id: 'u1',
        lead_id: 'l1',
        knocked_at: day(10, 9),
        classification: 'verified',
        distance_m: 3,
      },
      {
        _id: 'k2',
        user_id: 'u1',
        lead_id: 'l2',
        knocked_at: day(11, 9),
        classification: 'far',
        distance_m: 900,
      },
      {
        _id: 'k3',
        user_id: 'u2',
        lead_id: 'l2',
        knocked_at: day(10, 9),
        classification: 'near',
        deleted_at: day(10, 10),
      },
    ]);
    await db.paths.bulkPut([
      { id: 'p1', synced: 1, started_at: day(10, 8), ended_at: day(10, 9) },
      { id: 'p2', synced: 0, started_at: day(10, 14), ended_at: null },
      { id: 'p3', synced: 1, started_at: day(8, 8), ended_at: day(8, 9) },
    ]);
    await db.path_points.bulkPut([
      { id: 'pt1', synced: 0, path_id: 'p2', recorded_at: day(10, 15) },
      { id: 'pt2', synced: 1, path_id: 'p1', recorded_at: day(10, 8) },
    ]);
    const readers = leaderboardReaders(db);
    const start = new Date(2026, 2, 10);
    const end = new Date(2026, 2, 11);
    const rows = await leaderboardRows(db, readers, start, end);
    expect(rows.sales).toEqual([
      { lead_id: 'l1', owner_id: 'u1', team_id: 't1', day: '2026-03-10', cents: 3_200_005, kw: 7.2 },
      { lead_id: 'l3', owner_id: 'u2', team_id: null, day: day(10).slice(0, 10), cents: 10_000, kw: 0 },
    ]);
    expect(rows.knocks).toEqual([
      {
        _id: 'k1',
        user_id: 'u1',
        lead_id: 'l1',
        knocked_at: day(10, 9),
        classification: 'verified',
        distance_m: 3,
      },
    ]);
    const quality = await knockQualityRows(db, readers, 'me', start, end);
    expect(quality.rows.knocks?.map((k) => k._id)).toEqual(['k1']);
    expect(quality.paths.map((p) => [p.id, p.user_id])).toEqual([
      ['p1', 'me'],
      ['p2', 'me'],
    ]);
    expect(quality.points).toEqual([{ path_id: 'p2', recorded_at: day(10, 15) }]);
    db.close();
  });
});
