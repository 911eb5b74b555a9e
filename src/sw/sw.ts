/// <reference lib="webworker" />
/**
 * The service worker. Invariants: the whole build is precached, so the app opens with no network;
 * navigations fall back to the app shell but `/api/` never does (an API call offline must fail so
 * the sync engine keeps its queue); the outbox in IndexedDB is the source of truth — this worker
 * only wakes the sync engine, it never replays requests itself.
 */

import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

/** Map tiles of any configured tile server: cached as viewed, kept for offline use. */
export const TILE_CACHE = 'map-tiles';
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' &&
    /\/\d+\/\d+\/\d+(@2x)?\.(png|jpg|jpeg|webp|pbf|mvt)$/.test(url.pathname),
  new CacheFirst({
    cacheName: TILE_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 20_000, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  }),
);
registerRoute(
  ({ url }) => /\.(pbf|mvt)$/.test(url.pathname) || url.pathname.endsWith('/style.json'),
  new CacheFirst({
    cacheName: TILE_CACHE,
    plugins: [
      new ExpirationPlugin({ maxEntries: 20_000, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

/**
 * The shipped geography of the offline base map (states are precached; counties, ZIP codes and
 * cities are cached the first time their layer is shown).
 */
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/geo/'),
  new CacheFirst({ cacheName: 'geography' }),
);

/** Icon sets from the icon service. */
registerRoute(
  ({ url }) => url.pathname.includes('/icons') && url.origin !== self.location.origin,
  new StaleWhileRevalidate({
    cacheName: 'icons',
    plugins: [new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Background Sync (Chromium only): wake the open app's sync engine. */
self.addEventListener('sync', (event) => {
  const syncEvent = event as ExtendableEvent & { tag?: string };
  if (syncEvent.tag !== 'outbox') return;
  syncEvent.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'sync' });
    }),
  );
});
