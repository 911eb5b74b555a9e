import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import {
  activityOfLead,
  appointmentsOfLead,
  notesOfLead,
  photosOfLeads,
  proposalsOfLead,
} from './leadRecords.ts';
import { userNames } from './users.ts';

describe("a lead's records on the device", () => {
  it('come in the order each section shows them, without tombstones where the section hides them', async () => {
    const db = new CrmDatabase('lead-records', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.notes.bulkPut([
      { _id: 'n1', lead_id: 'L', created_at: '2026-01-01T00:00:00Z' },
      { _id: 'n2', lead_id: 'L', created_at: '2026-02-01T00:00:00Z' },
      { _id: 'n3', lead_id: 'other', created_at: '2026-03-01T00:00:00Z' },
    ]);
    await db.appointments.bulkPut([
      { _id: 'a1', lead_id: 'L', start_time: '2026-05-02T10:00:00Z' },
      { _id: 'a2', lead_id: 'L', start_time: '2026-05-01T10:00:00Z' },
    ]);
    await db.proposals.bulkPut([
      { _id: 'p1', lead_id: 'L', date: '2026-01-01' },
      { _id: 'p2', lead_id: 'L', date: '2026-02-01', deleted_at: '2026-02-02T00:00:00Z' },
    ]);
    await db.media.bulkPut([
      { _id: 'm1', lead_id: 'L', url: '/a.jpg', mimetype: 'image/jpeg' },
      { _id: 'm2', lead_id: 'M', url: '/b.pdf', mimetype: 'application/pdf' },
    ]);
    await db.users.bulkPut([{ _id: 'u1', name: 'Ann' }]);
    await db.activities.bulkPut([
      { _id: 'e1', date: '2026-01-01', lead_refs: ['L'], actor_id: 'u1' },
      { _id: 'e2', date: '2026-01-02', lead_refs: ['L'], actor_id: 'gone', name: 'System' },
      { _id: 'e3', date: '2026-01-03', lead_refs: ['other'] },
    ]);

    expect((await notesOfLead(db, 'L')).map((n) => n._id)).toEqual(['n2', 'n1']);
    expect((await appointmentsOfLead(db, 'L')).map((a) => a._id)).toEqual(['a2', 'a1']);
    expect((await proposalsOfLead(db, 'L')).map((p) => p._id)).toEqual(['p1']);
    expect([...(await photosOfLeads(db, ['L', 'M']))]).toEqual([['L', '/a.jpg']]);
    expect(await activityOfLead(db, 'L', 10)).toMatchObject([
      { row: { _id: 'e2' }, who: 'System' },
      { row: { _id: 'e1' }, who: 'Ann' },
    ]);
    expect((await userNames(db)).get('u1')).toBe('Ann');
    db.close();
  });
});
