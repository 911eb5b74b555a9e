import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { addLead, editLead } from './commands/index.ts';

const freshDb = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
const knock = { lat: 33.4484, lng: -112.074, accuracy: 6, at: '2026-03-02T16:00:00.000Z' };

describe('a knock on the device', () => {
  it('travels with a status change in the same queued lead.edit.v1, and never lands on the row', async () => {
    const db = freshDb('knock-command');
    const id = await addLead(db, { name: 'Kim Knock', coordinates: [-112.074, 33.4484] });
    const row = await editLead(db, id, { deal_stage_status: 'Not Home 1', knock });
    expect(row?.deal_stage_status).toBe('Not Home 1');
    expect(row).not.toHaveProperty('knock');
    const last = await db.outbox.orderBy('id').last();
    expect(last?.args).toMatchObject({ _id: id, deal_stage_status: 'Not Home 1', knock });
    db.close();
  });

  it('is dropped when the status does not change, and refused when out of range', async () => {
    const db = freshDb('knock-command-same');
    const id = await addLead(db, { name: 'Kim Knock' });
    await editLead(db, id, { deal_stage_status: 'Not Home 1' });
    const before = await db.outbox.count();
    await editLead(db, id, { deal_stage_status: 'Not Home 1', knock });
    expect(await db.outbox.count()).toBe(before);
    await editLead(db, id, { name: 'Kim Knocks', knock });
    expect((await db.outbox.orderBy('id').last())?.args).not.toHaveProperty('knock');
    await expect(
      editLead(db, id, { deal_stage_status: 'Not Home 2', knock: { ...knock, lat: 91 } }),
    ).rejects.toThrow(/knock\.lat/);
    db.close();
  });
});
