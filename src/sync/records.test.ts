import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { deleteRecord, InvalidChangeError, saveRecord } from './commands/index.ts';
import { rebase } from './pendingPatch.ts';

const open = async (name: string) => {
  const db = new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  return db;
};

describe('records saved on the device', () => {
  it('a new view shows at once as a workshop view, queued; its first change saves it', async () => {
    const db = await open('records-view');
    const id = await saveRecord(
      db,
      'table_views',
      undefined,
      { name: 'Hot leads', table_name: 'contacts', view_type: 3 },
      'u1',
    );
    expect(await db.table_views.get(id)).toMatchObject({
      name: 'Hot leads',
      is_workshop: true,
      created_by: 'u1',
      pending: true,
    });
    await saveRecord(db, 'table_views', id, { properties: { sort: [{ id: 'name', desc: false }] } });
    expect(await db.table_views.get(id)).toMatchObject({ is_workshop: false });
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => e.name)).toEqual(['record.save.v1', 'record.save.v1']);
    expect(queued[1]?.args).toEqual({
      table: 'table_views',
      id,
      fields: { properties: { sort: [{ id: 'name', desc: false }] } },
      create: false,
    });
    // The same row rebuilt from the server copy plus the queue: what a pull does.
    expect(rebase(undefined, queued)).toMatchObject({ is_workshop: false, created_by: 'u1' });
  });

  it('refuses bad input with the schema message and queues nothing', async () => {
    const db = await open('records-bad');
    await expect(saveRecord(db, 'notes', undefined, { type: 'Lead', body: 'no lead' })).rejects.toThrow(
      InvalidChangeError,
    );
    await expect(saveRecord(db, 'products', undefined, { name: 'X', price: -1 })).rejects.toThrow(
      /must not be negative/,
    );
    await expect(saveRecord(db, 'notes', 'not-here', { body: 'x' })).rejects.toThrow(/not on this device/);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends only changed fields, nothing when nothing changed, and deletes', async () => {
    const db = await open('records-edit');
    const lead = '0190c1b2-0000-7000-8000-000000000001';
    const id = await saveRecord(db, 'notes', undefined, {
      lead_id: lead,
      type: 'Lead',
      subject: 'Gate',
      body: 'Code 12',
    });
    await saveRecord(db, 'notes', id, { lead_id: lead, type: 'Lead', subject: 'Gate', body: 'Code 12' });
    expect(await db.outbox.count()).toBe(1);
    await saveRecord(db, 'notes', id, { subject: 'Gate', body: 'Code 1234' });
    expect((await db.outbox.get(2))?.args.fields).toEqual({ body: 'Code 1234' });
    await deleteRecord(db, 'notes', id);
    expect(await db.notes.get(id)).toBeUndefined();
    expect((await db.outbox.get(3))?.name).toBe('record.delete.v1');
  });

  it('with a DOM (the browser), a note body is kept and queued as the server will store it', async () => {
    vi.stubGlobal('window', new JSDOM('').window);
    try {
      const db = await open('records-rich-text');
      const lead = '0190c1b2-0000-7000-8000-000000000001';
      const body = '<b>bold</b><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">link</a>';
      const id = await saveRecord(db, 'notes', undefined, { lead_id: lead, type: 'Lead', body });
      expect((await db.notes.get(id))?.body).toBe('<b>bold</b><a>link</a>');
      expect((await db.outbox.get(1))?.args.fields).toMatchObject({ body: '<b>bold</b><a>link</a>' });
      // Typing the same dirty body again changes nothing: it is the stored body once sanitised.
      await saveRecord(db, 'notes', id, { body });
      expect(await db.outbox.count()).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
