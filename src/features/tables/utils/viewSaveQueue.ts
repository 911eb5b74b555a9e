/**
 * The saving of a view's changes: saved once the user pauses, not on every keystroke or resize
 * step. One change waits at a time; a change of another view saves the waiting one first, and
 * `flush` saves at once (before a view is picked, made or changed otherwise, and when the screen
 * goes away). No React: useTableView hands it the save and keeps one per screen.
 */
import type { TableViewRow } from '#src/db/rows.ts';
import type { ViewProperties } from '#src/domain/tables/registry.ts';

/** How long a change waits for the next one before it is saved. */
export const SAVE_DELAY_MS = 500;

/** A change waiting: the view, whether it is stored yet (the default view is not), its properties. */
export interface PendingView {
  view: TableViewRow;
  stored: boolean;
  properties: ViewProperties;
}

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class ViewSaveQueue {
  private pending: PendingView | null = null;
  private timer: unknown;
  private readonly save: (change: PendingView) => Promise<void>;
  private readonly timers: Timers;
  private readonly delayMs: number;

  constructor(
    save: (change: PendingView) => Promise<void>,
    timers: Timers = realTimers,
    delayMs: number = SAVE_DELAY_MS,
  ) {
    this.save = save;
    this.timers = timers;
    this.delayMs = delayMs;
  }

  /** Keeps the change, saving it after a pause (a waiting change of another view is saved now). */
  schedule(change: PendingView): void {
    if (this.pending && this.pending.view._id !== change.view._id) void this.flush();
    this.pending = change;
    this.timers.clear(this.timer);
    this.timer = this.timers.set(() => void this.flush(), this.delayMs);
  }

  /** Saves the waiting change now, if any. */
  async flush(): Promise<void> {
    this.timers.clear(this.timer);
    const next = this.pending;
    this.pending = null;
    if (next) await this.save(next);
  }

  /** Forgets the waiting change (its view is being deleted). */
  drop(): void {
    this.pending = null;
    this.timers.clear(this.timer);
  }

  /** The change waiting, if any. */
  waiting(): PendingView | null {
    return this.pending;
  }
}
