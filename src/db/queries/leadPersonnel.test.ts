import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import type { LeadRow } from '../rows.ts';
import { personnelOfLead } from './leadPersonnel.ts';

describe("a lead's personnel on the device", () => {
  it('names owner, setter and closers, and sums up who worked the lead, latest first', async () => {
    const db = new CrmDatabase('lead-personnel', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.users.bulkPut([
      { _id: 'owner', name: 'Olive Owner', setter_closer: 'setter_closer' },
      { _id: 'closer', name: 'Cole Closer', setter_closer: 'closer' },
    ]);
    await db.activities.bulkPut([
      { _id: 'a1', date: '2026-01-01T10:00:00Z', lead_refs: ['L'], actor_id: 'owner', message: 'added Pat' },
      {
        _id: 'a2',
        date: '2026-01-03T10:00:00Z',
        lead_refs: ['L'],
        actor_id: 'owner',
        message: 'changed status to Not Home 1',
      },
      {
        _id: 'a3',
        date: '2026-01-02T10:00:00Z',
        lead_refs: ['L'],
        actor_id: 'closer',
        type: 'note',
        message: 'added a note',
        text_key: 'activity.noteAdded',
        text_params: { lead: 'Pat' },
      },
      {
        _id: 'a4',
        date: '2026-01-04T10:00:00Z',
        lead_refs: ['other'],
        actor_id: 'closer',
        message: 'elsewhere',
      },
      {
        _id: 'a5',
        date: '2026-01-05T10:00:00Z',
        lead_refs: ['L'],
        actor_id: 'closer',
        deleted_at: '2026-01-06',
      },
    ]);
    const lead = {
      _id: 'L',
      owner_id: 'owner',
      created_by: 'owner',
      energy_consultants: ['closer', 'not-on-device'],
      last_touched_by: 'closer',
      last_touched_at: '2026-01-03T12:00:00Z',
    } as unknown as LeadRow;

    const personnel = await personnelOfLead(db, lead);
    expect(personnel.people).toEqual([
      { role: 'owner', userId: 'owner', name: 'Olive Owner', type: 'setter_closer' },
      { role: 'setter', userId: 'owner', name: 'Olive Owner', type: 'setter_closer' },
      { role: 'closer', userId: 'closer', name: 'Cole Closer', type: 'closer' },
      { role: 'closer', userId: 'not-on-device', name: '', type: '' },
    ]);
    // Each person's latest entry, as an entry the reader's language says (its row and line).
    expect(
      personnel.history.map((w) => ({ ...w, last: [w.last.row._id, w.last.who, w.last.line.phrase] })),
    ).toEqual([
      {
        who: 'Olive Owner',
        count: 2,
        last: ['a2', 'Olive Owner', 'message'],
        lastDate: '2026-01-03T10:00:00Z',
      },
      {
        who: 'Cole Closer',
        count: 1,
        last: ['a3', 'Cole Closer', 'noteAdded'],
        lastDate: '2026-01-02T10:00:00Z',
      },
    ]);
    expect(personnel.lastTouched).toEqual({ who: 'Cole Closer', date: '2026-01-03T12:00:00Z' });

    const empty = await personnelOfLead(db, { _id: 'nobody', energy_consultants: [] } as unknown as LeadRow);
    expect(empty).toEqual({ people: [], history: [], lastTouched: undefined });
    db.close();
  });
});
