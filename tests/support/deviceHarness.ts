/**
 * Simulated devices for sync tests: a Dexie database on its own in-memory IndexedDB, and a sync
 * engine talking to the real HTTP app in-process — with switches to go offline, lose answers after
 * the server committed, or answer like a struggling server.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { ApiError } from '#src/api/client.ts';
import { CrmDatabase, databaseName } from '#src/db/database.ts';
import type { PullResponse, PushRequest, PushResponse } from '#src/domain/schemas/sync.ts';
import { type Clock, SyncEngine } from '#src/sync/engine.ts';
import { type LeaderLock, memoryLocks } from '#src/sync/leaderLock.ts';
import type { PullRequest, SyncTransport } from '#src/sync/transport.ts';
import type { TestApi } from './api.ts';

export interface FaultPlan {
  offline: boolean;
  /** The next N pushes commit on the server but the answer never arrives. */
  loseNextPushAnswers: number;
  /** The next answers are this error instead (status, message, retry-after seconds). */
  failNext: { status: number; message: string; retryAfter?: number }[];
}

/** An upload the device made, and how many pushes had gone out before it. */
export interface Upload {
  id: string;
  thumb: boolean;
  afterPushes: number;
}

export interface Device {
  db: CrmDatabase;
  engine: SyncEngine;
  faults: FaultPlan;
  pushes: PushRequest[];
  uploads: Upload[];
  /** Every result the server sent back and the device received. */
  received: PushResponse['results'];
  /** Every pull answer the device received: the cursor it asked from, and whether it was a reset. */
  pulls: { cursor: number; reset: boolean }[];
  setToken(token: string): void;
}

export function serverTransport(
  api: TestApi,
  getToken: () => string,
  faults: FaultPlan,
  log: {
    pushes: PushRequest[];
    received: PushResponse['results'];
    uploads: Upload[];
    pulls?: { cursor: number; reset: boolean }[];
  },
): SyncTransport {
  const guard = () => {
    if (faults.offline) throw ApiError.unreachable();
    const fail = faults.failNext.shift();
    if (fail) throw new ApiError(fail.status, fail.message, fail.retryAfter);
  };
  const unwrap = <T>(res: Awaited<ReturnType<TestApi['call']>>): T => {
    if (res.status >= 400) {
      const retry = Number(res.headers.get('retry-after'));
      throw new ApiError(res.status, String(res.body.message), retry > 0 ? retry : undefined);
    }
    return res.body as unknown as T;
  };
  return {
    async push(request) {
      guard();
      log.pushes.push(request);
      const answer = unwrap<PushResponse>(
        await api.call('POST', '/api/v2/sync/push', { token: getToken(), body: request }),
      );
      if (faults.loseNextPushAnswers > 0) {
        faults.loseNextPushAnswers -= 1;
        throw ApiError.unreachable('The connection dropped.');
      }
      log.received.push(...answer.results);
      return answer;
    },
    async pushLogs(batch) {
      guard();
      unwrap(await api.call('POST', '/api/v2/sync/logs', { token: getToken(), body: batch }));
    },
    async uploadMedia(id, blob, thumb) {
      guard();
      log.uploads.push({ id, thumb, afterPushes: log.pushes.length });
      const res = await api.app.request(`/api/v2/media/${id}/content${thumb ? '?thumb=1' : ''}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${getToken()}`, 'content-type': blob.type },
        body: new Uint8Array(await blob.arrayBuffer()),
      });
      const body = (await res.json()) as { message?: string };
      if (res.status >= 400) throw new ApiError(res.status, String(body.message));
    },
    async pull(request: PullRequest) {
      guard();
      const horizon = request.horizon === undefined ? '' : `&horizon=${request.horizon}`;
      const query = `cursor=${request.cursor}&limit=${request.limit}&client_id=${request.client_id}${horizon}`;
      const answer = unwrap<PullResponse>(
        await api.call('GET', `/api/v2/sync/pull?${query}`, { token: getToken() }),
      );
      log.pulls?.push({ cursor: request.cursor, reset: answer.reset });
      return answer;
    },
  };
}

/** A clock whose timers only fire when the test says so. */
export class ManualClock implements Clock {
  private t = Date.parse('2026-11-22T12:00:00Z');
  private timers = new Map<number, { at: number; fn: () => void }>();
  private seq = 0;

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time forward, firing due timers in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fn();
    }
    this.t = end;
  }

  pending(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.t);
  }
}

let deviceCounter = 0;

export function createDevice(
  api: TestApi,
  userId: string,
  token: string,
  options: {
    lock?: LeaderLock;
    clock?: Clock;
    indexedDB?: IDBFactory;
    pullLimit?: number;
    dbName?: string;
  } = {},
): Device {
  const faults: FaultPlan = { offline: false, loseNextPushAnswers: 0, failNext: [] };
  const log = {
    pushes: [] as PushRequest[],
    received: [] as PushResponse['results'],
    uploads: [] as Upload[],
    pulls: [] as { cursor: number; reset: boolean }[],
  };
  let current = token;
  const db = new CrmDatabase(options.dbName ?? `${databaseName(userId)}-${++deviceCounter}`, {
    indexedDB: options.indexedDB ?? new IDBFactory(),
    IDBKeyRange,
  });
  const engine = new SyncEngine({
    db,
    transport: serverTransport(api, () => current, faults, log),
    lock: options.lock ?? memoryLocks(),
    lockName: `sync-${userId}`,
    clock: options.clock ?? new ManualClock(),
    random: () => 0.5,
    pullLimit: options.pullLimit ?? 500,
  });
  return {
    db,
    engine,
    faults,
    pushes: log.pushes,
    uploads: log.uploads,
    received: log.received,
    pulls: log.pulls,
    setToken(next) {
      current = next;
    },
  };
}

/** Starts the engine (it leads at once with its own lock) and lets its first cycle finish. */
export async function startDevice(device: Device): Promise<void> {
  device.engine.start();
  await until(() => device.engine.getSnapshot().leader);
  await device.engine.syncNow();
}

/** Waits (on real time, briefly) until a condition holds. */
export async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
