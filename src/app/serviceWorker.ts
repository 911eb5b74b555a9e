/**
 * Registers the service worker and tracks whether a new version waits: the service worker's own
 * update, or a newer build named by /build-manifest.json (buildManifest.ts). Also the chunk-load
 * guard: after a new build, a missing chunk reloads the page once (not again within 10,000 ms).
 */
import type { Workbox } from 'workbox-window';
import type { UpdateState, UpdateStore } from '../features/sync/index.ts';
import { watchBuildManifest } from './buildManifest.ts';

type Listener = () => void;

const CHECK_EVERY_MS = 60 * 60 * 1000;
export const RELOAD_GUARD_KEY = 'hs.chunk-reload-at';
export const RELOAD_GUARD_MS = 10_000;

export function registerServiceWorker(): UpdateStore {
  let state: UpdateState = { waiting: false, installed: false };
  const listeners = new Set<Listener>();
  const set = (next: UpdateState) => {
    state = next;
    for (const l of listeners) l();
  };
  let wb: Workbox | undefined;
  let registration: ServiceWorkerRegistration | undefined;
  // Only in a browser: the build also draws pages in advance under Node (scripts/prerender.ts).
  if (import.meta.env.PROD && typeof __BUILD_ID__ === 'string' && typeof document !== 'undefined') {
    watchBuildManifest(__BUILD_ID__, () => {
      // The service worker fetches the new build too; the notice shows at once either way.
      void registration?.update();
      set({ ...state, waiting: true });
    });
  }
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    // After the page has loaded: installing downloads the whole app for offline use, which must
    // not compete with the first page's own files on a slow connection.
    afterLoad(() =>
      import('workbox-window')
        .then(({ Workbox }) => {
          wb = new Workbox('/sw.js', { scope: '/' });
          wb.addEventListener('waiting', () => set({ waiting: true, installed: true }));
          wb.addEventListener('controlling', () => window.location.reload());
          return wb.register().then((registered) => {
            registration = registered;
            // The app checks for a new build periodically.
            setInterval(() => void registered?.update(), CHECK_EVERY_MS);
          });
        })
        .catch((error: unknown) => {
          // Refused (a private window, a browser policy, a blocked registration): the app works on
          // without offline files; nothing for the person to do.
          console.warn('The service worker could not be registered:', error);
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
      // The waiting worker takes over and the page reloads then; without one (no service worker,
      // or it has not finished installing the new build), a reload fetches the new build itself.
      if (wb && state.installed) wb.messageSkipWaiting();
      else window.location.reload();
    },
  };
}

function afterLoad(start: () => void): void {
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', () => start(), { once: true });
}

/** Reloads once when a lazily loaded chunk of an older build is gone (online: offline it cannot come). */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline, a reload shows the browser's error page instead of the app: the failed import is
    // left to the screen that asked for it, which says it needs a connection.
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last > RELOAD_GUARD_MS) {
      event.preventDefault();
      sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
      window.location.reload();
    }
  });
}
