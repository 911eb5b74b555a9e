/**
 * The sync engine: pushes this device's queued mutations in order and pulls what changed.
 * Invariants:
 * - only the tab holding the leader lock syncs; the queue lives in IndexedDB, never in memory;
 * - a mutation leaves the queue only when a pull shows the server has it (or the server rejected
 *   it, and then it goes to the needs-attention list, never silently away);
 * - a 401 pauses syncing and keeps everything until `resume()` after sign-in;
 * - failures back off with jitter and honour Retry-After; nothing is retried in a tight loop;
 * - a file kept on the device is uploaded before the mutation that creates its media record is
 *   pushed, so the server never names a file it does not have because of this device;
 * - the next pull page is asked for while the current one is stored, from the cursor that page
 *   saves; the answer is used only once that page has committed;
 * - every write to the outbox (or a finished GPS path) in any tab is noticed by the leader itself
 *   (Dexie's `storagemutated`, which Dexie relays between tabs over a BroadcastChannel) and pushed
 *   ~1 s later: no caller has to announce its writes.
 */

import { ApiError } from '../api/client.ts';
import type { CrmDatabase, OutboxEntry } from '../db/database.ts';
import { getMeta, META, setMeta } from '../db/meta.ts';
import { keptFileBlob } from '../db/queries/media.ts';
import { compactInBackground } from '../db/rowIndexReader.ts';
import { watchTables } from '../db/watchTables.ts';
import { thumbBlobId } from '../domain/media.ts';
import { PUSH_MAX_MUTATIONS, SYNC_SCHEMA_VERSION } from '../domain/syncProtocol.ts';
import { applyPullPage, resetLocalRows, resettleRow, syncTables } from './applyPull.ts';
import type { LeaderLock } from './leaderLock.ts';
import { currentSession, errorRecord, markLogsSynced, nextLogBatch } from './logs.ts';
import { pruneSyncedLogs } from './storage.ts';
import type { SyncTransport } from './transport.ts';

export type SyncState = 'idle' | 'syncing' | 'offline' | 'signed-out' | 'error' | 'storage-full' | 'follower';

export interface SyncStatus {
  state: SyncState;
  online: boolean;
  leader: boolean;
  lastSyncedAt: string | null;
  /** What went wrong last, in words a person can act on. */
  error: string | null;
  /** When the next automatic attempt is due (ms since epoch), after a failure. */
  retryAt: number | null;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Where triggers come from: network and visibility changes, the service worker's sync, the
 * server's live stream (`live`: the org has something newer to pull, see liveStream.ts).
 */
export interface SyncTriggers {
  isOnline(): boolean;
  subscribe(listener: (reason: 'online' | 'offline' | 'visible' | 'sw-sync' | 'live') => void): () => void;
  /** After a local write: asks the platform to wake the engine when connectivity returns. */
  requestWake?(): void;
}

export interface EngineOptions {
  db: CrmDatabase;
  transport: SyncTransport;
  lock: LeaderLock;
  /** Lock name: one leader per user per device. */
  lockName: string;
  clock?: Clock;
  triggers?: SyncTriggers;
  random?: () => number;
  /** Pull page size. */
  pullLimit?: number;
  /** Periodic sync while online. */
  intervalMs?: number;
  /** Delay after a local write before pushing. */
  writeDelayMs?: number;
}

const MAX_BATCH_BYTES = 256 * 1024;
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class SyncEngine {
  private readonly db: CrmDatabase;
  private readonly transport: SyncTransport;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly options: EngineOptions;
  private status: SyncStatus;
  private readonly listeners = new Set<() => void>();
  private timer: unknown;
  private interval: unknown;
  private running: Promise<void> | undefined;
  private again = false;
  private failures = 0;
  private paused = false;
  private releaseLock: (() => void) | undefined;
  private unsubscribe: (() => void) | undefined;
  private unwatchWrites: (() => void) | undefined;
  /** The highest outbox id already seen, so the engine's own deletions never count as writes. */
  private seenOutboxId = 0;
  private knownClientId: Promise<string> | undefined;
  private stopped = true;

  constructor(options: EngineOptions) {
    this.options = options;
    this.db = options.db;
    this.transport = options.transport;
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
    this.status = {
      state: 'follower',
      online: options.triggers?.isOnline() ?? true,
      leader: false,
      lastSyncedAt: null,
      error: null,
      retryAt: null,
    };
  }

  // --- status, for useSyncExternalStore -------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SyncStatus => this.status;

  private setStatus(patch: Partial<SyncStatus>) {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }

  // --- life cycle ------------------------------------------------------------------------------

  /** Waits to lead; once leading, syncs on every trigger until stopped. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.releaseLock = this.options.lock.acquire(this.options.lockName, () => {
      if (this.stopped) return;
      void this.lead();
    });
  }

  private async lead() {
    // Read side by side: on opening, each read waits for the screen's own work on this thread.
    // The device id is read meanwhile for the first cycle (a failure there is that cycle's).
    void this.clientId();
    const [lastSyncedAt, seenOutboxId] = await Promise.all([
      getMeta<string | null>(this.db, META.lastSyncedAt, null),
      this.lastOutboxId(),
    ]);
    this.seenOutboxId = seenOutboxId;
    if (this.stopped) return;
    this.unwatchWrites?.();
    this.unwatchWrites = this.watchLocalWrites();
    this.setStatus({ leader: true, state: this.status.online ? 'idle' : 'offline', lastSyncedAt });
    this.unsubscribe = this.options.triggers?.subscribe((reason) => {
      if (reason === 'offline') {
        this.setStatus({ online: false, state: 'offline' });
        return;
      }
      if (reason === 'online') this.setStatus({ online: true });
      this.failures = 0;
      this.schedule(0);
    });
    const every = this.options.intervalMs ?? 30_000;
    const tick = () => {
      if (this.stopped) return;
      if (this.status.online) this.schedule(0);
      this.interval = this.clock.setTimeout(tick, every);
    };
    this.interval = this.clock.setTimeout(tick, every);
    this.schedule(0);
  }

  /** Stops syncing and lets another tab lead. Waits for a cycle in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clock.clearTimeout(this.timer);
    this.clock.clearTimeout(this.interval);
    this.unsubscribe?.();
    this.unwatchWrites?.();
    this.unwatchWrites = undefined;
    this.releaseLock?.();
    await this.running;
    // Started again meanwhile (React's strict mode re-runs effects at once): keep that run's state.
    if (this.stopped) this.setStatus({ leader: false, state: 'follower' });
  }

  /** Whether the engine is started (and not stopped since). */
  isStarted(): boolean {
    return !this.stopped;
  }

  /** A local write happened: push soon, batching writes made in quick succession. */
  private notifyLocalWrite(): void {
    this.schedule(this.options.writeDelayMs ?? 1_000);
    this.options.triggers?.requestWake?.();
  }

  /** Listens for committed writes to this database, from this tab or (relayed by Dexie) another. */
  private watchLocalWrites(): () => void {
    return watchTables(
      this.db.name,
      ['outbox', 'paths'],
      (changed) => void this.checkLocalWrites(changed.has('outbox'), changed.has('paths')),
    );
  }

  private async checkLocalWrites(outbox: boolean, paths: boolean): Promise<void> {
    try {
      if (outbox) {
        const last = await this.lastOutboxId();
        if (last > this.seenOutboxId) {
          this.seenOutboxId = last;
          this.notifyLocalWrite();
          return;
        }
      }
      if (paths && (await this.db.paths.where('synced').equals(0).count()) > 0) this.notifyLocalWrite();
    } catch {
      // The database is closing (sign-out): nothing to push.
    }
  }

  private async lastOutboxId(): Promise<number> {
    return ((await this.db.outbox.toCollection().lastKey()) as number | undefined) ?? 0;
  }

  /** After signing in again: sync resumes where it stopped, with the whole queue. */
  resume(): void {
    this.paused = false;
    this.failures = 0;
    this.setStatus({ state: 'idle', error: null });
    this.schedule(0);
  }

  /** Syncs now (if this tab leads), and resolves when that cycle is over. */
  async syncNow(): Promise<void> {
    if (!this.status.leader || this.paused) return;
    this.failures = 0;
    await this.cycle();
  }

  private schedule(ms: number) {
    if (this.stopped || !this.status.leader || this.paused) return;
    this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => void this.cycle(), ms);
  }

  private cycle(): Promise<void> {
    if (this.running) {
      // A trigger during a cycle runs another cycle afterwards, so no write waits for the timer.
      this.again = true;
      return this.running;
    }
    this.running = this.runCycle().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        this.schedule(0);
      }
    });
    return this.running;
  }

  private async runCycle(): Promise<void> {
    if (this.paused || this.stopped) return;
    this.setStatus({ state: 'syncing' });
    try {
      await this.pushAll();
      await this.pullAll();
      await this.pushLogs();
      this.failures = 0;
      const lastSyncedAt = await getMeta<string | null>(this.db, META.lastSyncedAt, null);
      // The browser may have gone offline while the cycle's last answer was on its way.
      const online = this.options.triggers?.isOnline() ?? true;
      this.setStatus({
        state: online ? 'idle' : 'offline',
        online,
        error: null,
        retryAt: null,
        lastSyncedAt,
      });
    } catch (err) {
      await this.handleFailure(err);
    }
  }

  private async handleFailure(err: unknown) {
    if (err instanceof ApiError && err.status === 401) {
      this.paused = true;
      this.setStatus({
        state: 'signed-out',
        error: 'Your session has ended. Sign in again to send your changes — they are kept on this device.',
      });
      return;
    }
    if (isQuotaError(err)) {
      await pruneSyncedLogs(this.db);
      this.failures += 1;
      const delay = this.backoff();
      this.setStatus({
        state: 'storage-full',
        error: 'This device is out of storage. Synced logs were cleared; free up space if this persists.',
        retryAt: this.clock.now() + delay,
      });
      this.schedule(delay);
      return;
    }
    this.failures += 1;
    const transport = err instanceof ApiError ? err : undefined;
    const offline = !transport || transport.offline;
    const delay = transport?.retryAfter ? transport.retryAfter * 1000 : this.backoff();
    this.setStatus({
      state: offline ? 'offline' : 'error',
      online: !offline,
      error: transport?.message ?? (err instanceof Error ? err.message : String(err)),
      retryAt: this.clock.now() + delay,
    });
    this.schedule(delay);
  }

  /** Exponential backoff with full jitter: spread retries so devices do not stampede a server. */
  private backoff(): number {
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, this.failures - 1));
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  /**
   * This database's device id, made on its first sync. Read once: it never changes, and each
   * cycle's push, pull and logs would otherwise each wait for a read of it.
   */
  private clientId(): Promise<string> {
    const known = this.knownClientId;
    if (known) return known;
    const reading = this.db.transaction('rw', this.db.meta, async () => {
      const existing = await getMeta<string | null>(this.db, META.clientId, null);
      if (existing) return existing;
      const id = globalThis.crypto.randomUUID();
      await setMeta(this.db, META.clientId, id);
      return id;
    });
    this.knownClientId = reading;
    // A failed read (the database closing) is tried again by the next caller.
    reading.catch(() => {
      if (this.knownClientId === reading) this.knownClientId = undefined;
    });
    return reading;
  }

  // --- push ------------------------------------------------------------------------------------

  private async nextBatch(): Promise<OutboxEntry[]> {
    const waiting = await this.db.outbox
      .orderBy('id')
      .filter((e) => !e.acked)
      .limit(PUSH_MAX_MUTATIONS)
      .toArray();
    const batch: OutboxEntry[] = [];
    let bytes = 0;
    for (const entry of waiting) {
      bytes += JSON.stringify(entry.args).length + 64;
      if (batch.length && bytes > MAX_BATCH_BYTES) break;
      batch.push(entry);
    }
    return batch;
  }

  private async pushAll(): Promise<void> {
    const clientId = await this.clientId();
    for (;;) {
      const batch = await this.nextBatch();
      if (!batch.length) return;
      await this.uploadFilesOf(batch);
      const answer = await this.transport.push({
        client_id: clientId,
        schema_version: SYNC_SCHEMA_VERSION,
        mutations: batch.map((e) => ({ id: e.id, name: e.name, args: e.args })),
      });
      const results = new Map(answer.results.map((r) => [r.id, r]));
      const tables = [...syncTables(this.db), this.db.rejected, this.db.error_logs];
      await this.db.transaction('rw', tables, async () => {
        for (const entry of batch) {
          const result = results.get(entry.id);
          if (result?.status === 'rejected') {
            const message = result.message ?? 'The server did not accept this change.';
            await this.db.rejected.put({
              id: entry.id,
              mutation: entry,
              message,
              rejected_at: new Date(this.clock.now()).toISOString(),
            });
            // A refused change is also an error log (SPEC: a failed pin edit creates one).
            await this.db.error_logs.add(
              errorRecord(
                'sync_rejected',
                { code: 'rejected', name: entry.name, table: entry.table, ref: entry.row_id, message },
                currentSession(this.db),
              ),
            );
            await this.db.outbox.delete(entry.id);
            await resettleRow(this.db, entry.table, entry.row_id);
          } else if (result || entry.id <= answer.last_mutation_id) {
            await this.db.outbox.update(entry.id, { acked: 1 });
          }
        }
      });
      // The server stopped before this batch (a gap): do not spin; the next cycle tries again.
      if (!answer.results.length && answer.last_mutation_id < (batch[0]?.id ?? 0)) {
        throw new ApiError(409, 'The server is missing earlier changes from this device; retrying.');
      }
    }
  }

  /**
   * Uploads the files of media records the batch creates. An upload that fails for now (offline,
   * busy server) throws, so the batch waits; one the server refuses for good is marked and the
   * record goes out without its file rather than holding up every later change.
   */
  private async uploadFilesOf(batch: OutboxEntry[]): Promise<void> {
    for (const entry of batch) {
      const args = entry.args as { table?: unknown; id?: unknown; create?: unknown };
      if (entry.name !== 'record.save.v1' || args.table !== 'media' || typeof args.id !== 'string') continue;
      const file = await this.db.media_blobs.get(args.id);
      if (!file || file.uploaded || file.failed) continue;
      try {
        await this.transport.uploadMedia(file.id, keptFileBlob(file), false);
        const thumb = await this.db.media_blobs.get(thumbBlobId(file.id));
        if (thumb && !thumb.uploaded) {
          await this.transport.uploadMedia(file.id, keptFileBlob(thumb), true);
          await this.db.media_blobs.update(thumb.id, { uploaded: 1 });
        }
        await this.db.media_blobs.update(file.id, { uploaded: 1 });
      } catch (err) {
        if (!isPermanent(err)) throw err;
        await this.db.media_blobs.update(file.id, { failed: (err as ApiError).message });
      }
    }
  }

  // --- logs ------------------------------------------------------------------------------------

  /**
   * Sends the device's pending logs now, without a whole sync cycle (the activity log's timed
   * flushes). Only the leading tab sends; a failure is left to the next cycle, which sends them.
   */
  async flushLogs(): Promise<void> {
    if (!this.status.leader || this.paused || this.stopped || !this.status.online) return;
    try {
      await this.pushLogs();
    } catch {
      // Offline or a busy server: the logs stay queued.
    }
  }

  private async pushLogs(): Promise<void> {
    const clientId = await this.clientId();
    for (let round = 0; round < 20; round++) {
      const batch = await nextLogBatch(this.db, clientId);
      if (!batch) return;
      try {
        await this.transport.pushLogs(batch);
      } catch (err) {
        // Logs the server can never accept must not block syncing for good: they are let go.
        if (!isPermanent(err)) throw err;
        console.warn('Device logs refused by the server and dropped:', err.message);
      }
      await markLogsSynced(this.db, batch);
    }
  }

  // --- pull ------------------------------------------------------------------------------------

  private async pullAll(): Promise<void> {
    const clientId = await this.clientId();
    // The tombstone horizon this device's rows were pulled under: sent with every page, so the
    // pages of a full sync that started under the server's horizon are not reset again.
    // Read side by side (see lead): the first pull is asked one wait sooner.
    let [horizon, cursor] = await Promise.all([
      getMeta(this.db, META.horizon, 0),
      getMeta(this.db, META.cursor, 0),
    ]);
    const ask = (cursor: number) => {
      const answer = this.transport.pull({
        cursor,
        limit: this.options.pullLimit ?? 1000,
        client_id: clientId,
        horizon,
      });
      // Awaited below; until then a failure must not count as unhandled.
      answer.catch(() => undefined);
      return answer;
    };
    let next = ask(cursor);
    // The tables the pages wrote: after a pull of several pages (a first sync, a long time away),
    // their row indexes are compacted off the main thread (not waited for: the index reads right
    // meanwhile), so a table screen's next opening folds one snapshot.
    const written = new Set<string>();
    for (let page = 0; page < 10_000; page++) {
      const answer = await next;
      // A full sync (from 0, or the server's reset) runs under the horizon the server names now.
      const fullSync = cursor === 0 || answer.reset;
      if (fullSync && answer.horizon !== undefined) horizon = answer.horizon;
      // The server prepares the next page while this one is stored. It is asked from the cursor
      // this page saves; should storing fail, the early answer is simply never used.
      if (answer.has_more) next = ask(answer.cursor);
      if (answer.reset) await resetLocalRows(this.db);
      await applyPullPage(this.db, fullSync ? { ...answer, horizon } : answer);
      for (const change of answer.changes) written.add(this.db.entity(change.table).name);
      cursor = answer.cursor;
      if (!answer.has_more) {
        if (page > 0) void compactInBackground(this.db, written);
        return;
      }
    }
  }
}

/** A refusal the server will repeat however often it is asked (not a session, rate or network matter). */
function isPermanent(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 401 &&
    err.status !== 408 &&
    err.status !== 429
  );
}

function isQuotaError(err: unknown): boolean {
  const e = err as { name?: string; inner?: { name?: string } } | undefined;
  return e?.name === 'QuotaExceededError' || e?.inner?.name === 'QuotaExceededError';
}
