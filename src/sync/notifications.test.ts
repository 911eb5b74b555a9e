import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase, type EntityRow } from '../db/database.ts';
import { listNotifications } from '../db/queries/notifications.ts';
import { applyPullPage } from './applyPull.ts';
import { markNotificationsRead } from './commands/index.ts';

const open = async (name: string) => {
  const db = new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  return db;
};

const note = (n: number, read = false): EntityRow => ({
  _id: `n${n}`,
  id: n,
  version: n,
  title: `Note ${n}`,
  message: '',
  link: null,
  is_read: read,
  created_at: new Date(2026, 0, n).toISOString(),
  deleted_at: null,
});

async function seeded(name: string, count: number, read: (n: number) => boolean = () => false) {
  const db = await open(name);
  await db.notifications.bulkPut(Array.from({ length: count }, (_, i) => note(i + 1, read(i + 1))));
  return db;
}

describe('notifications on the device', () => {
  it('lists newest first by number, a page at a time, with the unread count', async () => {
    const db = await seeded('notes-list', 12, (n) => n <= 3);
    await db.notifications.put({ ...note(13), deleted_at: '2026-02-01T00:00:00.000Z' });
    const page = await listNotifications(db, 10);
    expect(page.rows.map((r) => r.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(page).toMatchObject({ count: 12, unread: 9 });
    expect((await listNotifications(db, 20)).rows).toHaveLength(12);
  });

  it('marks one read at once and queues it; a read one queues nothing', async () => {
    const db = await seeded('notes-one', 3, (n) => n === 1);
    expect(await markNotificationsRead(db, ['n2', 'n1', 'missing'])).toBe(1);
    expect(await db.notifications.get('n2')).toMatchObject({ is_read: true, pending: true });
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.name, e.row_id, e.args])).toEqual([
      ['notification.read.v1', 'n2', { id: 'n2' }],
    ]);
    expect((await listNotifications(db, 10)).unread).toBe(1);
  });

  it('marks all read, one queued change per unread row, and stays read through a pull', async () => {
    const db = await seeded('notes-all', 4, (n) => n === 4);
    expect(await markNotificationsRead(db)).toBe(3);
    expect((await listNotifications(db, 10)).unread).toBe(0);
    expect((await db.outbox.toArray()).map((e) => e.row_id).sort()).toEqual(['n1', 'n2', 'n3']);
    // The server's copy from before the change arrives while the change still waits: still read.
    await applyPullPage(db, {
      changes: [{ table: 'notifications', row: note(1) as never }],
      cursor: 5,
      last_mutation_id: 0,
      has_more: false,
    });
    expect(await db.notifications.get('n1')).toMatchObject({ is_read: true });
    // Once the server applied it, its copy is read and the queue is empty.
    await applyPullPage(db, {
      changes: [1, 2, 3].map((n) => ({
        table: 'notifications' as const,
        row: { ...note(n, true), version: 9 } as never,
      })),
      cursor: 9,
      last_mutation_id: 3,
      has_more: false,
    });
    expect(await db.outbox.count()).toBe(0);
    expect((await listNotifications(db, 10)).unread).toBe(0);
    expect(await markNotificationsRead(db)).toBe(0);
  });
});
