/**
 * At most one call per key in each window: the first call of a key runs at once and opens a
 * window; calls of that key while it is open are folded into one more run when it closes (with
 * the latest call's work), which opens the next window. So every call is followed by a run that
 * starts no earlier than the call itself, and a steady stream of calls of one key runs once per
 * window instead of once per call.
 */
export interface Timers {
  set(run: () => void, ms: number): unknown;
}

const realTimers: Timers = {
  set(run, ms) {
    const timer = setTimeout(run, ms);
    // An open window never keeps a stopping server alive (the sweeps catch anything it held).
    timer.unref?.();
    return timer;
  },
};

export class KeyedThrottle {
  private readonly open = new Map<string, { pending?: () => void }>();

  private readonly windowMs: number;
  private readonly timers: Timers;

  constructor(windowMs: number, timers: Timers = realTimers) {
    this.windowMs = windowMs;
    this.timers = timers;
  }

  call(key: string, work: () => void): void {
    const window = this.open.get(key);
    if (window) {
      window.pending = work;
      return;
    }
    this.run(key, work);
  }

  private run(key: string, work: () => void): void {
    const window: { pending?: () => void } = {};
    this.open.set(key, window);
    this.timers.set(() => {
      this.open.delete(key);
      if (window.pending) this.run(key, window.pending);
    }, this.windowMs);
    work();
  }
}
