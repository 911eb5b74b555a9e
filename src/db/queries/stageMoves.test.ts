import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { stageMovesSince } from './stageMoves.ts';

describe('stage moves on the device', () => {
  it('reads moves as pulled (details on the row) and as kept with their data, from a date on', async () => {
    const db = new CrmDatabase('stage-moves', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.activities.bulkPut([
      {
        _id: 'a1',
        type: 'moved_to',
        date: '2026-11-02T10:00:00Z',
        lead_refs: ['L1'],
        old: 'Lead',
        new: 'Customer',
      },
      {
        _id: 'a2',
        type: 'moved_to',
        date: '2026-11-03T10:00:00Z',
        lead_refs: ['L2'],
        data: { old: 'Lead', new: 'Customer' },
      },
      {
        _id: 'a3',
        type: 'moved_to',
        date: '2026-10-30T10:00:00Z',
        lead_refs: ['L3'],
        old: 'Lead',
        new: 'Customer',
      },
      {
        _id: 'a4',
        type: 'lead_status_change',
        date: '2026-11-04T10:00:00Z',
        lead_refs: ['L4'],
        old: 'x',
        new: 'y',
      },
    ]);
    const moves = await stageMovesSince(db, new Date('2026-11-01T00:00:00Z'));
    expect(moves.sort((a, b) => a.lead_id.localeCompare(b.lead_id))).toEqual([
      { lead_id: 'L1', from: 'Lead', to: 'Customer', date: '2026-11-02T10:00:00Z' },
      { lead_id: 'L2', from: 'Lead', to: 'Customer', date: '2026-11-03T10:00:00Z' },
    ]);
    db.close();
  });
});
