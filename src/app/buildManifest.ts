/**
 * New-build detection by the build manifest (SPEC section 4: the app checks for a new build
 * periodically), beside the service worker's own update check: the build writes
 * `/build-manifest.json` with its id (scripts/buildManifest.ts); the app fetches it every few
 * minutes and when the page becomes visible again, and a different id means a newer build.
 */

export const BUILD_MANIFEST_PATH = '/build-manifest.json';
/** How often the manifest is fetched while the page is open. */
export const MANIFEST_POLL_MS = 5 * 60 * 1000;
/** A page shown again checks at once, but not more than once a minute. */
export const MANIFEST_MIN_GAP_MS = 60 * 1000;

/** The id a fetched manifest names, if it is one. */
export function manifestBuildId(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const id = (body as { build_id?: unknown }).build_id;
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : undefined;
}

/** A newer build is deployed when the manifest names an id other than the running one. */
export function isNewBuild(runningId: string, body: unknown): boolean {
  const deployed = manifestBuildId(body);
  return deployed !== undefined && deployed !== runningId;
}

/** Whether to fetch now: never twice within the minimum gap, and not while hidden. */
export function shouldCheck(now: number, lastCheckAt: number | undefined, visible: boolean): boolean {
  if (!visible) return false;
  return lastCheckAt === undefined || now - lastCheckAt >= MANIFEST_MIN_GAP_MS;
}

/**
 * Polls the manifest until a new build shows up; then calls `onNewBuild` once and stops.
 * Failures (offline, a server mid-deploy) are ignored: the next check tries again.
 */
export function watchBuildManifest(runningId: string, onNewBuild: () => void): () => void {
  let lastCheckAt: number | undefined;
  let stopped = false;
  const check = async () => {
    if (stopped || !shouldCheck(Date.now(), lastCheckAt, document.visibilityState === 'visible')) return;
    lastCheckAt = Date.now();
    try {
      const response = await fetch(BUILD_MANIFEST_PATH, { cache: 'no-store' });
      if (!response.ok) return;
      if (!stopped && isNewBuild(runningId, await response.json())) {
        stop();
        onNewBuild();
      }
    } catch {
      // Offline or mid-deploy: tried again on the next tick.
    }
  };
  const onVisibility = () => void check();
  const timer = setInterval(() => void check(), MANIFEST_POLL_MS);
  document.addEventListener('visibilitychange', onVisibility);
  function stop() {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  }
  return stop;
}
