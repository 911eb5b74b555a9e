import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { addLead, editLead, moveLeadsToStatus } from './commands/index.ts';

const freshDb = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });

describe('moveLeadsToStatus', () => {
  it('moves only the contacts on one status, each with a queued status change, and derives their stage', async () => {
    const db = freshDb('move-status');
    const [a, b, c] = [
      await addLead(db, { name: 'A One' }),
      await addLead(db, { name: 'B Two' }),
      await addLead(db, { name: 'C Three' }),
    ];
    await editLead(db, a, { deal_stage_status: 'Not Home 2' });
    await editLead(db, b, { deal_stage_status: 'Not Home 2' });
    await editLead(db, c, { deal_stage_status: 'Not Home 1' });
    const before = await db.outbox.count();

    expect(await moveLeadsToStatus(db, 'Not Home 2', 'Not Home 1')).toBe(2);
    for (const id of [a, b, c]) expect((await db.contacts.get(id))?.deal_stage_status).toBe('Not Home 1');
    const queued = (await db.outbox.orderBy('id').toArray()).slice(before);
    expect(queued.map((e) => [e.name, e.row_id])).toEqual([
      ['lead.edit.v1', a],
      ['lead.edit.v1', b],
    ]);
    expect(await moveLeadsToStatus(db, 'Not Home 2', 'Not Home 1')).toBe(0);
    db.close();
  });

  it('refuses a destination the deal stages do not have, and moves nothing', async () => {
    const db = freshDb('move-status-bad');
    const a = await addLead(db, { name: 'A One' });
    await editLead(db, a, { deal_stage_status: 'Not Home 2' });
    await expect(moveLeadsToStatus(db, 'Not Home 2', 'No Such Status')).rejects.toThrow();
    expect((await db.contacts.get(a))?.deal_stage_status).toBe('Not Home 2');
    db.close();
  });
});
