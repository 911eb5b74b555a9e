/**
 * Registers the service worker and tracks whether a new version waits. Also the chunk-load guard:
 * after a new build, a missing chunk reloads the page once (not again within 10,000 ms).
 */
import type { Workbox } from 'workbox-window';

export interface UpdateState {
  waiting: boolean;
}

type Listener = () => void;

export interface UpdateStore {
  subscribe(listener: Listener): () => void;
  getSnapshot(): UpdateState;
  /** Activates the waiting version; the page reloads when it takes control. */
  apply(): void;
}

const CHECK_EVERY_MS = 60 * 60 * 1000;
export const RELOAD_GUARD_KEY = 'hs.chunk-reload-at';
export const RELOAD_GUARD_MS = 10_000;

export function registerServiceWorker(): UpdateStore {
  let state: UpdateState = { waiting: false };
  const listeners = new Set<Listener>();
  const set = (next: UpdateState) => {
    state = next;
    for (const l of listeners) l();
  };
  let wb: Workbox | undefined;
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    // After the page has loaded: installing downloads the whole app for offline use, which must
    // not compete with the first page's own files on a slow connection.
    afterLoad(() =>
      import('workbox-window').then(({ Workbox }) => {
        wb = new Workbox('/sw.js', { scope: '/' });
        wb.addEventListener('waiting', () => set({ waiting: true }));
        wb.addEventListener('controlling', () => window.location.reload());
        return wb.register().then((registration) => {
          // The app checks for a new build periodically.
          setInterval(() => void registration?.update(), CHECK_EVERY_MS);
        });
      }),
    );
  }
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    apply() {
      wb?.messageSkipWaiting();
    },
  };
}

function afterLoad(start: () => void): void {
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', () => start(), { once: true });
}

/** Reloads once when a lazily loaded chunk of an older build is gone. */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last > RELOAD_GUARD_MS) {
      event.preventDefault();
      sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
      window.location.reload();
    }
  });
}
