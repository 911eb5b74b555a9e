/**
 * The dashboard's card engine: computes batches of cards in the card worker, or on the main thread
 * where there are no workers (tests under jsdom). One engine per device database, shared by the
 * screens that use it and kept a while after the last lets it go, so coming back to the dashboard
 * reads only what was written since.
 */
import * as Comlink from 'comlink';
// biome-ignore lint/style/noRestrictedImports: a worker's code opens its own connection to the device database (src/device/README.md, rule 5)
import { DashboardCardReader } from '#src/db/queries/dashboardCards.ts';
import { type CardAnswer, CardComputer, type CardRequest } from './CardComputer.ts';
import type { CardWorkerService } from './cardWorker.ts';

export interface CardEngine {
  /** A batch's answers, in its order; `early` may hear some of them before (see CardComputer). */
  computeBatch(
    cards: CardRequest[],
    now?: number,
    early?: (answers: CardAnswer[]) => void,
  ): Promise<CardAnswer[]>;
  close(): void;
  /** True once its worker stopped (it then answers every card with an error). */
  broken(): boolean;
}

/** The device database the screens use (useDevice().db). */
type DeviceDatabase = ConstructorParameters<typeof DashboardCardReader>[0];

/** How long an engine nobody uses stays, in case the dashboard opens again. */
const LINGER_MS = 60_000;

function defaultWorker(): Worker {
  return new Worker(new URL('./cardWorker.ts', import.meta.url), { type: 'module' });
}

/**
 * A new engine for the database: a card worker (made by `createWorker`) when workers exist, else
 * the same computation on this thread.
 */
export function startCardEngine(
  db: DeviceDatabase,
  createWorker: (() => Worker) | undefined = typeof Worker === 'undefined' ? undefined : defaultWorker,
): CardEngine {
  if (!createWorker) {
    const computer = new CardComputer(new DashboardCardReader(db));
    return {
      computeBatch: (cards, now, early) => computer.computeBatch(cards, now, early),
      close: () => {},
      broken: () => false,
    };
  }
  const worker = createWorker();
  const service = Comlink.wrap<CardWorkerService>(worker);
  // A worker that failed to load or crashed answers nothing: its cards say so instead of waiting.
  let stopped = false;
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => {
      stopped = true;
      reject(new Error(`The card worker stopped: ${e.message || 'error'}`));
    });
  });
  failed.catch(() => {});
  const opened = Promise.race([service.open(db.name), failed]);
  return {
    async computeBatch(cards, now, early) {
      await opened;
      const computing = service.computeBatch(cards, now, early ? Comlink.proxy(early) : undefined);
      return Promise.race([computing, failed]);
    },
    close() {
      service[Comlink.releaseProxy]();
      worker.terminate();
    },
    broken: () => stopped,
  };
}

interface Shared {
  db: DeviceDatabase;
  engine: CardEngine;
  users: number;
  timer?: ReturnType<typeof setTimeout>;
}

let shared: Shared | undefined;

/** The database's shared engine, held until `release` is called (once per `acquire`). */
export function acquireCardEngine(db: DeviceDatabase): { engine: CardEngine; release(): void } {
  // Another user's database, or a worker that stopped: a new engine.
  if (shared && (shared.db !== db || shared.engine.broken())) {
    clearTimeout(shared.timer);
    shared.engine.close();
    shared = undefined;
  }
  if (!shared) shared = { db, engine: startCardEngine(db), users: 0 };
  const held = shared;
  clearTimeout(held.timer);
  held.users++;
  let released = false;
  return {
    engine: held.engine,
    release() {
      if (released) return;
      released = true;
      held.users--;
      if (held.users > 0) return;
      held.timer = setTimeout(() => {
        if (held.users > 0) return;
        held.engine.close();
        if (shared === held) shared = undefined;
      }, LINGER_MS);
    },
  };
}
