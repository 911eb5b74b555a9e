import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { addLead, addLeads, InvalidChangeError } from './commands/index.ts';

const freshDb = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });

describe('addLeads', () => {
  it('writes every lead with one numbered lead.add.v1 mutation each, in batches, after earlier changes', async () => {
    const db = freshDb('add-leads');
    const first = await addLead(db, { name: 'First One' });
    const batches: number[] = [];
    const ids = await addLeads(
      db,
      Array.from({ length: 7 }, (_, i) => ({ name: `Lead ${i}`, phone: '(602) 555-0100', new_roof: false })),
      { batchSize: 3, onBatch: (written) => void batches.push(written) },
    );
    expect(batches).toEqual([3, 6, 7]);
    expect(new Set(ids).size).toBe(7);
    const outbox = await db.outbox.orderBy('id').toArray();
    expect(outbox.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(outbox.map((e) => e.name)).toEqual(Array(8).fill('lead.add.v1'));
    expect(outbox.slice(1).map((e) => e.row_id)).toEqual(ids);
    expect(outbox[0]?.row_id).toBe(first);
    // Device-chosen UUID v7 ids, carried in the mutation so a replay adds the same lead.
    for (const entry of outbox) {
      expect(entry.row_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      expect(entry.args.id).toBe(entry.row_id);
    }
    const row = await db.contacts.get(ids[2] as string);
    expect(row).toMatchObject({
      name: 'Lead 2',
      first_name: 'Lead',
      last_name: '2',
      phone: '6025550100',
      preferred_language: 'english',
      deal_stage_status: '',
      pending: true,
    });
    expect(await db.meta.get('next_mutation_id')).toEqual({ key: 'next_mutation_id', value: 9 });
    // The map's pin index follows.
    const pins = (await db.pin_changes.toArray()).flatMap((c) => c.pins ?? []);
    expect(pins.map((p) => p._id)).toEqual(expect.arrayContaining(ids));
    db.close();
  });

  it('rejects the whole set before writing anything when a lead is invalid', async () => {
    const db = freshDb('add-leads-bad');
    await expect(addLeads(db, [{ name: 'Ok' }, { name: 'Bad', email: 'nope' }])).rejects.toThrow(
      InvalidChangeError,
    );
    await expect(addLeads(db, [{ name: 'Ok' }, { name: 'Bad', email: 'nope' }])).rejects.toThrow(/Lead 2/);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.contacts.count()).toBe(0);
    db.close();
  });

  it('keeps the batches that committed when a later one fails', async () => {
    const db = freshDb('add-leads-partial');
    let calls = 0;
    await expect(
      addLeads(
        db,
        Array.from({ length: 5 }, (_, i) => ({ name: `L${i}` })),
        {
          batchSize: 2,
          onBatch: () => {
            calls++;
            if (calls === 2) throw new Error('page closed');
          },
        },
      ),
    ).rejects.toThrow('page closed');
    expect(await db.outbox.count()).toBe(4);
    expect(await db.contacts.count()).toBe(4);
    db.close();
  });

  it('answers an empty list without writing', async () => {
    const db = freshDb('add-leads-empty');
    expect(await addLeads(db, [])).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});
