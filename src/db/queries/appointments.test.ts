import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { appointmentsBetween } from './appointments.ts';

describe('appointments on the device', () => {
  it('reads those starting in the range, by start, with their lead; deleted ones left out', async () => {
    const db = new CrmDatabase('calendar-appointments', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.transaction('rw', [db.contacts, db.pin_changes], () =>
      db.contacts.bulkPut([
        {
          _id: 'L1',
          name: 'Rita Own',
          address: '1 Main St, Phoenix, AZ 85004',
          coordinates: [-112.07, 33.45],
        },
        { _id: 'L2', name: 'Sam Pinless', address: '2 Elm St' },
      ]),
    );
    await db.appointments.bulkPut([
      { _id: 'a1', lead_id: 'L1', start_time: '2026-11-25T15:00:00.000Z' },
      { _id: 'a2', lead_id: 'L1', start_time: '2026-11-24T09:00:00.000Z' },
      {
        _id: 'a3',
        lead_id: 'L1',
        start_time: '2026-11-24T10:00:00.000Z',
        deleted_at: '2026-11-20T00:00:00Z',
      },
      { _id: 'a4', lead_id: 'L1', start_time: '2026-12-01T00:00:00.000Z' },
      { _id: 'a5', lead_id: 'gone', start_time: '2026-11-26T10:00:00.000Z' },
      { _id: 'a6', lead_id: 'L1', start_time: 'not a date' },
      { _id: 'a7', lead_id: 'L2', start_time: '2026-11-27T10:00:00.000Z' },
    ]);
    const found = await appointmentsBetween(
      db,
      new Date('2026-11-23T00:00:00.000Z'),
      new Date('2026-12-01T00:00:00.000Z'),
    );
    expect(found.map((e) => e.appointment._id)).toEqual(['a2', 'a1', 'a5', 'a7']);
    expect(found[0]).toMatchObject({
      leadName: 'Rita Own',
      leadAddress: '1 Main St, Phoenix, AZ 85004',
      leadPosition: { lat: 33.45, lng: -112.07 },
    });
    expect(found[2]).toMatchObject({ leadName: '', leadAddress: '', leadPosition: null });
    expect(found[3]).toMatchObject({ leadName: 'Sam Pinless', leadPosition: null });
    db.close();
  });
});
