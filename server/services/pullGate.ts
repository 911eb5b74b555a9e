/**
 * Pulls run a few at a time in each process, so a device's own writes never queue behind other
 * devices' reads. A change fans out to every device of its org that may see it, and each pulls at
 * once: with hundreds of devices in one org, their pulls would otherwise take every connection of
 * the pool and every push would wait behind them (measured by `npm run bench -- load`). A pull past
 * the limit waits for one to finish (first come, first served); pushes and every other request
 * take connections as before.
 */
import type { Database } from '../db/client.ts';

/** Runs tasks at most `size` at a time, the rest in the order they came. */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly size: number;

  constructor(size: number) {
    this.size = Math.max(1, size);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running += 1;
    // The slot of a finished task passes straight to the next in line.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Tasks running now, and waiting. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

const gates = new WeakMap<Database, Gate>();

/** This process's gate for pulls from `db`, letting `size` through at once. */
export function pullGate(db: Database, size: number): Gate {
  let gate = gates.get(db);
  if (!gate) {
    gate = new Gate(size);
    gates.set(db, gate);
  }
  return gate;
}
