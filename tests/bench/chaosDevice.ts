/**
 * A device for the chaos benchmark: the app's own device database (Dexie, here over an in-memory
 * IndexedDB), its write commands, sync engine, HTTP transport and live stream, as the app wires them
 * (src/device/DeviceProvider.tsx), against a server address. Its clock can run hours ahead or
 * behind (the time stamps its changes carry, and the engine's own clock), and it can go offline:
 * every call then fails as a browser's does without a network.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createApiClient } from '#src/api/client.ts';
import { CrmDatabase, ENTITY_TABLES, type EntityRow } from '#src/db/database.ts';
import { getMeta, META } from '#src/db/meta.ts';
import { type Clock, realClock, SyncEngine, type SyncTriggers } from '#src/sync/engine.ts';
import { memoryLocks } from '#src/sync/leaderLock.ts';
import { LIVE_PATH, withLiveStream } from '#src/sync/liveStream.ts';
import { httpTransport } from '#src/sync/transport.ts';

type Reason = Parameters<Parameters<SyncTriggers['subscribe']>[0]>[0];

export class ChaosDevice {
  readonly name: string;
  readonly db: CrmDatabase;
  readonly engine: SyncEngine;
  readonly clock: Clock;
  token = '';
  private online = true;
  private readonly listeners = new Set<(reason: Reason) => void>();
  private readonly watchers = new Set<() => void>();

  constructor(options: { name: string; url: string; skewMs: number; random: () => number }) {
    this.name = options.name;
    const skew = options.skewMs;
    this.clock = {
      now: () => Date.now() + skew,
      setTimeout: realClock.setTimeout,
      clearTimeout: realClock.clearTimeout,
    };
    const offlineFetch: typeof fetch = (input, init) =>
      this.online ? fetch(input, init) : Promise.reject(new TypeError('fetch failed: the device is offline'));
    const api = createApiClient({
      baseUrl: options.url,
      credentials: () => ({ token: this.token }),
      fetch: offlineFetch,
    });
    this.db = new CrmDatabase(options.name, { indexedDB: new IDBFactory(), IDBKeyRange });
    const base: SyncTriggers = {
      isOnline: () => this.online,
      subscribe: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
    this.engine = new SyncEngine({
      db: this.db,
      transport: httpTransport(api),
      lock: memoryLocks(),
      lockName: `sync-${options.name}`,
      clock: this.clock,
      random: options.random,
      triggers: withLiveStream(base, {
        open: (signal) => api.open(LIVE_PATH, { signal }),
        cursor: () => getMeta(this.db, META.cursor, 0),
        activity: {
          isActive: () => this.online,
          watch: (onChange) => {
            this.watchers.add(onChange);
            return () => this.watchers.delete(onChange);
          },
        },
        clock: this.clock,
        random: options.random,
      }),
      // Small pages, so pulls page often; pushes soon after a write, a tick every 5 s.
      pullLimit: 200,
      writeDelayMs: 300,
      intervalMs: 5_000,
    });
  }

  get isOnline(): boolean {
    return this.online;
  }

  /** Goes offline or back online, as the browser's events would say. */
  setOnline(online: boolean): void {
    this.online = online;
    for (const listener of this.listeners) listener(online ? 'online' : 'offline');
    for (const watcher of this.watchers) watcher();
  }

  /** Starts the engine and waits for its first sync to finish. */
  async start(): Promise<void> {
    this.engine.start();
    const end = Date.now() + 10_000;
    while (!this.engine.getSnapshot().leader) {
      if (Date.now() > end) throw new Error(`${this.name} never led its sync`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await this.engine.syncNow();
  }

  /** The number of the mutation the last command queued. */
  async lastMutationId(): Promise<number> {
    return (await getMeta(this.db, META.nextMutationId, 1)) - 1;
  }

  /** Every row the device holds, by table and id: its version. */
  async view(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const table of ENTITY_TABLES) {
      for (const row of (await this.db.entity(table).toArray()) as EntityRow[])
        out.set(`${table}\u0000${row._id}`, Number(row.version));
    }
    return out;
  }

  /** Every row the device holds, whole. */
  async rows(): Promise<Map<string, EntityRow>> {
    const out = new Map<string, EntityRow>();
    for (const table of ENTITY_TABLES) {
      for (const row of (await this.db.entity(table).toArray()) as EntityRow[])
        out.set(`${table}\u0000${row._id}`, row);
    }
    return out;
  }

  async stop(): Promise<void> {
    await this.engine.stop();
    this.db.close();
  }
}
