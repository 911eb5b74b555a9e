/** The browser's sync triggers: network changes, the page becoming visible, the service worker. */
import type { SyncTriggers } from './engine.ts';
import type { LiveActivity } from './liveStream.ts';

export function browserTriggers(): SyncTriggers {
  return {
    isOnline: () => globalThis.navigator?.onLine ?? true,
    subscribe(listener) {
      const online = () => listener('online');
      const offline = () => listener('offline');
      const visible = () => {
        if (document.visibilityState === 'visible') listener('visible');
      };
      const fromWorker = (event: MessageEvent) => {
        if ((event.data as { type?: string } | null)?.type === 'sync') listener('sw-sync');
      };
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      document.addEventListener('visibilitychange', visible);
      navigator.serviceWorker?.addEventListener('message', fromWorker);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        document.removeEventListener('visibilitychange', visible);
        navigator.serviceWorker?.removeEventListener('message', fromWorker);
      };
    },
    requestWake: () => void requestBackgroundSync(),
  };
}

/** When the live stream should be open: while the page is online and visible. */
export function browserActivity(): LiveActivity {
  return {
    isActive: () => (globalThis.navigator?.onLine ?? true) && document.visibilityState === 'visible',
    watch(onChange) {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      document.addEventListener('visibilitychange', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
        document.removeEventListener('visibilitychange', onChange);
      };
    },
  };
}

/** Asks the service worker to wake the engine when connectivity returns (Chromium only). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.ready) as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined;
    await registration?.sync?.register('outbox');
  } catch {
    // No Background Sync (Safari, Firefox): the foreground triggers drain the queue.
  }
}
