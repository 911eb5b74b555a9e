/**
 * At most one request per interval per lane (one lane per geocoder: its origin), as public
 * geocoders ask for fair use. Later calls wait their turn in order; a call made on a channel
 * (e.g. the address search) drops the call of the same channel still waiting, which its query
 * superseded — that one fails with `SupersededError`.
 */

export interface LimiterClock {
  now(): number;
  /** Resolves after `ms` milliseconds. */
  wait(ms: number): Promise<void>;
}

export const realClock: LimiterClock = {
  now: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class SupersededError extends Error {
  constructor() {
    super('A newer request took the place of this one.');
    this.name = 'SupersededError';
  }
}

/** Whether a call failed only because a newer one replaced it (by name: it may cross module copies). */
export function isSuperseded(err: unknown): boolean {
  return err instanceof Error && err.name === 'SupersededError';
}

interface Waiting {
  channel: string | undefined;
  start(): void;
  drop(): void;
}

interface Lane {
  /** When the last request started (-Infinity: never). */
  last: number;
  queue: Waiting[];
  pumping: boolean;
}

export interface RequestLimiter {
  schedule<T>(lane: string, work: () => Promise<T>, channel?: string): Promise<T>;
}

export function requestLimiter({
  intervalMs = 1000,
  clock = realClock,
}: {
  intervalMs?: number;
  clock?: LimiterClock;
} = {}): RequestLimiter {
  const lanes = new Map<string, Lane>();

  async function pump(lane: Lane): Promise<void> {
    if (lane.pumping) return;
    lane.pumping = true;
    try {
      while (lane.queue.length) {
        const wait = lane.last + intervalMs - clock.now();
        if (wait > 0) await clock.wait(wait);
        // Taken after the wait: a call superseded meanwhile is no longer in the queue.
        const next = lane.queue.shift();
        if (!next) break;
        lane.last = clock.now();
        next.start();
      }
    } finally {
      lane.pumping = false;
    }
  }

  return {
    schedule<T>(name: string, work: () => Promise<T>, channel?: string): Promise<T> {
      let lane = lanes.get(name);
      if (!lane) {
        lane = { last: Number.NEGATIVE_INFINITY, queue: [], pumping: false };
        lanes.set(name, lane);
      }
      const current = lane;
      return new Promise<T>((resolve, reject) => {
        if (channel !== undefined) {
          for (const old of current.queue.filter((w) => w.channel === channel)) {
            current.queue.splice(current.queue.indexOf(old), 1);
            old.drop();
          }
        }
        current.queue.push({
          channel,
          start: () => {
            try {
              work().then(resolve, reject);
            } catch (err) {
              reject(err);
            }
          },
          drop: () => reject(new SupersededError()),
        });
        void pump(current);
      });
    },
  };
}
