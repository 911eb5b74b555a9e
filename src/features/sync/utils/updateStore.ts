/**
 * What the update prompt reads: whether a new version of the app waits, and the way to take it.
 * The shell's service-worker registration (src/app/serviceWorker.ts) keeps one.
 */
export interface UpdateState {
  /** A newer version exists: the service worker installed it, or the build manifest names it. */
  waiting: boolean;
  /** The service worker has installed it: applying swaps without a download. */
  installed: boolean;
}

export interface UpdateStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): UpdateState;
  /** Activates the waiting version; the page reloads when it takes control. */
  apply(): void;
}
