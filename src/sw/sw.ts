/// <reference lib="webworker" />
/**
 * The service worker. Invariants: the whole build is precached, so the app opens with no network;
 * navigations fall back to the app shell but `/api/` never does (an API call offline must fail so
 * the sync engine keeps its queue); the outbox in IndexedDB is the source of truth — this worker
 * only wakes the sync engine, it never replays requests itself.
 */

import type { RouteHandlerCallback, RouteHandlerObject } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { rangeCacheKey } from '../domain/byteRange.ts';
import {
  isArchiveRangeRequest,
  isTilePath,
  keepableRange,
  keptRangeAnswer,
  SAVED_MAP_CACHE,
  VIEWED_MAP_CACHE,
} from '../domain/mapCaches.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The third-party sign-in's addresses are the server's redirects, never the app shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/auth\/oidc(\/|\?|$)/],
  }),
);

/** How long, and how many, map files viewed online are kept. */
const VIEWED_EXPIRY = { maxEntries: 20_000, maxAgeSeconds: 60 * 60 * 24 * 60 };
/** Map tiles of any configured tile server: cached as viewed, kept for offline use. */
export const TILE_CACHE = VIEWED_MAP_CACHE;
const viewedMapFiles = new CacheFirst({
  cacheName: TILE_CACHE,
  plugins: [new ExpirationPlugin({ ...VIEWED_EXPIRY, purgeOnQuotaError: true })],
});
/**
 * Areas saved for offline use keep their files in their own cache, out of reach of the viewed
 * tiles' expiry, and are looked up first.
 */
const savedFirst =
  (fallback: RouteHandlerObject): RouteHandlerCallback =>
  async (options) =>
    (await caches.match(options.request, { cacheName: SAVED_MAP_CACHE, ignoreVary: true })) ??
    fallback.handle(options);
const isApi = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/api/');
// A page saving an area asks with 'no-store': it keeps the file itself, so it is not cached twice.
const viewing = (request: Request) => request.cache !== 'no-store';

/**
 * The base map archive (PMTiles) is read in byte ranges, which workbox does not cache: each range
 * is kept under the file's URL plus the range, saved areas' first, then the viewed ones (expiring
 * like viewed tiles). A reader that found the archive changed asks again with 'reload': the
 * network answers then, and the kept ranges only when it cannot.
 */
const viewedRangeExpiry = new CacheExpiration(VIEWED_MAP_CACHE, VIEWED_EXPIRY);
const archiveRanges: RouteHandlerCallback = async ({ request, event }) => {
  const key = rangeCacheKey(request.url, request.headers.get('range') ?? '');
  const viewed = await caches.open(VIEWED_MAP_CACHE);
  const kept = async () =>
    (await caches.match(key, { cacheName: SAVED_MAP_CACHE, ignoreVary: true })) ??
    (await viewed.match(key, { ignoreVary: true }));
  if (request.cache !== 'reload') {
    const hit = await kept();
    if (hit) return keptRangeAnswer(hit);
  }
  let response: Response;
  try {
    response = await fetch(request);
  } catch (err) {
    const hit = await kept();
    if (hit) return keptRangeAnswer(hit);
    throw err;
  }
  if (viewing(request) && response.status === 206) {
    const keep = keepableRange(response.clone())
      .then(async (keepable) => {
        if (!keepable) return;
        await viewed.put(key, keepable);
        await viewedRangeExpiry.updateTimestamp(key);
        await viewedRangeExpiry.expireEntries();
      })
      .catch(() => undefined);
    (event as ExtendableEvent | undefined)?.waitUntil(keep);
  }
  return response;
};
registerRoute(({ url, request }) => isArchiveRangeRequest(url, request.headers), archiveRanges);

// MapLibre fetches tiles with fetch(), so their request has no 'image' destination.
registerRoute(
  ({ url, request }) => viewing(request) && !isApi(url) && isTilePath(url.pathname),
  savedFirst(viewedMapFiles),
);
registerRoute(
  ({ url, request }) =>
    viewing(request) && (/\.(pbf|mvt)$/.test(url.pathname) || url.pathname.endsWith('/style.json')),
  savedFirst(viewedMapFiles),
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

/**
 * Last: any other file a saved area holds (its style, TileJSON, sprites, GeoJSON under whatever
 * address the tile provider uses); everything else goes to the network as if unrouted. Never the API.
 */
registerRoute(({ url }) => !isApi(url), savedFirst(new NetworkOnly()));

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
