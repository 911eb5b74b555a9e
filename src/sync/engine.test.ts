import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { RowIndexReader } from '../db/rowIndexReader.ts';
import { saveProfile } from './commands/index.ts';
import { type Clock, SyncEngine } from './engine.ts';
import { memoryLocks } from './leaderLock.ts';
import type { SyncTransport } from './transport.ts';

/** A clock whose timers only record when they are due. */
function recordingClock(): Clock & { delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    now: () => 0,
    setTimeout: (_fn, ms) => {
      delays.push(ms);
      return delays.length;
    },
    clearTimeout: () => undefined,
  };
}

const idleTransport: SyncTransport = {
  push: async () => ({ success: true, last_mutation_id: 0, results: [] }),
  pull: async () => ({
    success: true,
    changes: [],
    cursor: 0,
    last_mutation_id: 0,
    has_more: false,
    reset: false,
  }),
  pushLogs: async () => undefined,
  uploadMedia: async () => undefined,
};

async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the engine notices local writes by itself', () => {
  it('schedules a push ~1 s after a write to the outbox, also one made through another connection', async () => {
    const factory = new IDBFactory();
    const name = 'engine-notices-writes';
    const db = new CrmDatabase(name, { indexedDB: factory, IDBKeyRange });
    // Another tab's connection to the same database (Dexie relays its commits to this one).
    const other = new CrmDatabase(name, { indexedDB: factory, IDBKeyRange });
    await db.users.put({ _id: 'u1', name: 'Ann' });
    const clock = recordingClock();
    let wakes = 0;
    const engine = new SyncEngine({
      db,
      transport: idleTransport,
      lock: memoryLocks(),
      lockName: 'sync-u1',
      clock,
      triggers: { isOnline: () => true, subscribe: () => () => undefined, requestWake: () => wakes++ },
    });
    engine.start();
    await until(() => engine.getSnapshot().leader);
    await engine.syncNow();
    clock.delays.length = 0;

    await saveProfile(db, 'u1', { name: 'Ann B' });
    await until(() => clock.delays.includes(1000));
    expect(wakes).toBe(1);

    clock.delays.length = 0;
    await saveProfile(other, 'u1', { name: 'Ann C' });
    await until(() => clock.delays.includes(1000));
    expect(wakes).toBe(2);

    // The engine's own changes to the queue (a pull dropping pushed entries) are not writes.
    clock.delays.length = 0;
    await db.outbox.clear();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(clock.delays).not.toContain(1000);

    await engine.stop();
    other.close();
    db.close();
  });
});

describe('the engine tells the truth about the network', () => {
  it('says offline when the browser went offline while a cycle was finishing', async () => {
    const db = new CrmDatabase('engine-offline-mid-cycle', { indexedDB: new IDBFactory(), IDBKeyRange });
    let online = true;
    let emit: ((reason: 'online' | 'offline') => void) | undefined;
    // The pull's answer arrives after the browser has said it is offline.
    const transport: SyncTransport = {
      ...idleTransport,
      pull: async (...args) => {
        online = false;
        emit?.('offline');
        return idleTransport.pull(...args);
      },
    };
    const engine = new SyncEngine({
      db,
      transport,
      lock: memoryLocks(),
      lockName: 'sync-offline',
      clock: recordingClock(),
      triggers: {
        isOnline: () => online,
        subscribe: (listener) => {
          emit = listener;
          return () => undefined;
        },
        requestWake: () => undefined,
      },
    });
    engine.start();
    await until(() => engine.getSnapshot().leader);
    await engine.syncNow();
    expect(engine.getSnapshot()).toMatchObject({ state: 'offline', online: false });
    await engine.stop();
    db.close();
  });
});

describe('the device id', () => {
  it('is made once and sent with every push, pull and later cycle, read from the database only once', async () => {
    const db = new CrmDatabase('engine-device-id', { indexedDB: new IDBFactory(), IDBKeyRange });
    await saveProfile(db, 'u1', { name: 'Ann' });
    const sent: string[] = [];
    const transport: SyncTransport = {
      ...idleTransport,
      push: async (request) => {
        sent.push(request.client_id);
        return { success: true, last_mutation_id: 1, results: [{ id: 1, status: 'applied' }] };
      },
      pull: async (request) => {
        sent.push(request.client_id);
        return idleTransport.pull(request);
      },
    };
    const engine = new SyncEngine({
      db,
      transport,
      lock: memoryLocks(),
      lockName: 'id-u1',
      clock: recordingClock(),
    });
    const reads = vi.spyOn(db, 'transaction');
    engine.start();
    await until(() => engine.getSnapshot().leader);
    await engine.syncNow();
    await engine.syncNow();
    const stored = (await db.meta.get('client_id'))?.value;
    expect(typeof stored).toBe('string');
    expect(sent.length).toBe(3);
    expect(new Set(sent)).toEqual(new Set([stored]));
    // One read-write transaction on the meta table alone: the id's, made on the first cycle.
    const idReads = reads.mock.calls.filter(([mode, tables]) => mode === 'rw' && tables === db.meta);
    expect(idReads).toHaveLength(1);
    await engine.stop();
  });

  it('is read again by the next caller when a read failed (the one begun as the engine leads)', async () => {
    const db = new CrmDatabase('engine-device-id-retry', { indexedDB: new IDBFactory(), IDBKeyRange });
    const pulls: string[] = [];
    const transport: SyncTransport = {
      ...idleTransport,
      pull: async (request) => {
        pulls.push(request.client_id);
        return idleTransport.pull(request);
      },
    };
    const original = db.transaction.bind(db) as (...args: unknown[]) => unknown;
    let failOnce = true;
    vi.spyOn(db, 'transaction').mockImplementation(((...args: unknown[]) => {
      if (failOnce && args[0] === 'rw' && args[1] === db.meta) {
        failOnce = false;
        return Promise.reject(new Error('database closing'));
      }
      return original(...args);
    }) as never);
    const engine = new SyncEngine({
      db,
      transport,
      lock: memoryLocks(),
      lockName: 'id-retry',
      clock: recordingClock(),
    });
    engine.start();
    await until(() => engine.getSnapshot().leader);
    await engine.syncNow();
    expect(failOnce).toBe(false);
    expect(engine.getSnapshot().state).toBe('idle');
    expect(pulls).toHaveLength(1);
    expect(pulls[0]).toBe((await db.meta.get('client_id'))?.value);
    await engine.stop();
  });
});

describe('a pull of several pages', () => {
  it("leaves each table's row index as one snapshot that reads as the table", async () => {
    const db = new CrmDatabase('engine-pull-compacts', { indexedDB: new IDBFactory(), IDBKeyRange });
    const contact = (i: number) => ({
      _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Contact ${i}`,
      version: 1,
    });
    const pages = [
      [contact(1), contact(2)],
      [contact(3), { ...contact(1), name: 'Renamed', version: 2 }],
      [{ ...contact(2), deleted_at: '2026-01-01T00:00:00Z', version: 2 }],
    ];
    const transport: SyncTransport = {
      ...idleTransport,
      pull: async ({ cursor }) => ({
        success: true,
        changes: (pages[cursor] ?? []).map((row) => ({ table: 'contacts' as const, row: row as never })),
        cursor: cursor + 1,
        last_mutation_id: 0,
        has_more: cursor + 1 < pages.length,
        reset: false,
      }),
    };
    const engine = new SyncEngine({
      db,
      transport,
      lock: memoryLocks(),
      lockName: 'pages',
      clock: recordingClock(),
    });
    engine.start();
    await until(() => engine.getSnapshot().leader);
    await engine.syncNow();
    const writes = await db.row_writes
      .where('[table+w]')
      .between(['contacts', 0], ['contacts', Infinity])
      .toArray();
    expect(writes).toEqual([expect.objectContaining({ snapshot: 1 })]);
    const rows = await new RowIndexReader(db, 'contacts').rows(['name']);
    expect(rows.map((r) => [r._id, r.name])).toEqual([
      [contact(1)._id, 'Renamed'],
      [contact(3)._id, 'Contact 3'],
    ]);
    await engine.stop();
  });
});
