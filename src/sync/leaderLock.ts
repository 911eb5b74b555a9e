/**
 * One tab runs the sync engine. Invariant: at most one holder of a name at a time; when the holder
 * releases (or its tab closes) the next waiter takes over.
 */

export interface LeaderLock {
  /** Waits for the lock, calls onAcquired, holds it until the returned release is called. */
  acquire(name: string, onAcquired: () => void): () => void;
}

/** The browser's Web Locks API (released automatically when the tab goes away). */
export function webLocks(): LeaderLock | undefined {
  const locks = globalThis.navigator?.locks;
  if (!locks) return undefined;
  return {
    acquire(name, onAcquired) {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      void locks.request(name, () => {
        onAcquired();
        return held;
      });
      return () => release();
    },
  };
}

/** The same semantics in memory, for tests and browsers without Web Locks (one tab then leads). */
export function memoryLocks(): LeaderLock {
  const queues = new Map<string, { onAcquired: () => void; released: boolean }[]>();
  const advance = (name: string) => {
    const queue = queues.get(name) ?? [];
    while (queue.length && queue[0]?.released) queue.shift();
    queue[0]?.onAcquired();
  };
  return {
    acquire(name, onAcquired) {
      const queue = queues.get(name) ?? [];
      queues.set(name, queue);
      const waiter = { onAcquired, released: false };
      queue.push(waiter);
      if (queue.length === 1) onAcquired();
      return () => {
        const wasHolder = queue[0] === waiter;
        waiter.released = true;
        if (wasHolder) {
          queue.shift();
          advance(name);
        }
      };
    },
  };
}
