/**
 * Pacing for outgoing calls, in memory and per process: a limiter that keeps at most a few calls
 * in flight per receiver and a cap overall (so one slow receiver cannot hold back the others), and
 * a circuit breaker that pauses a receiver after a run of failures for a cool-down.
 */

interface Waiting {
  key: string;
  start: () => void;
}

/** Runs tasks with at most `perKey` in flight for one key and `total` in all, first come first served. */
export class KeyedLimiter {
  private active = 0;
  private readonly byKey = new Map<string, number>();
  private readonly waiting: Waiting[] = [];
  readonly perKey: number;
  readonly total: number;

  constructor(perKey: number, total: number) {
    this.perKey = perKey;
    this.total = total;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.active++;
        this.byKey.set(key, (this.byKey.get(key) ?? 0) + 1);
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.active--;
            const left = (this.byKey.get(key) ?? 1) - 1;
            if (left > 0) this.byKey.set(key, left);
            else this.byKey.delete(key);
            this.pump();
          });
      };
      this.waiting.push({ key, start });
      this.pump();
    });
  }

  private pump(): void {
    for (let i = 0; i < this.waiting.length && this.active < this.total; ) {
      const next = this.waiting[i] as Waiting;
      if ((this.byKey.get(next.key) ?? 0) < this.perKey) {
        this.waiting.splice(i, 1);
        next.start();
      } else i++;
    }
  }
}

/**
 * Counts failures in a row per key; at `threshold` the key is paused for `coolDownMs`. After the
 * pause one more failure pauses it again at once; a success clears the count.
 */
export class CircuitBreaker {
  private readonly state = new Map<string, { failures: number; pausedUntil: number }>();
  readonly threshold: number;
  readonly coolDownMs: number;

  constructor(threshold: number, coolDownMs: number) {
    this.threshold = threshold;
    this.coolDownMs = coolDownMs;
  }

  /** When the key's pause ends, if it is paused at `now`. */
  pausedUntil(key: string, now: number): number | undefined {
    const until = this.state.get(key)?.pausedUntil ?? 0;
    return until > now ? until : undefined;
  }

  success(key: string): void {
    this.state.delete(key);
  }

  failure(key: string, now: number): void {
    const entry = this.state.get(key) ?? { failures: 0, pausedUntil: 0 };
    entry.failures++;
    if (entry.failures >= this.threshold) entry.pausedUntil = now + this.coolDownMs;
    this.state.set(key, entry);
  }
}
