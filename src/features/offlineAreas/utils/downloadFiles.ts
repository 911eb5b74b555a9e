/**
 * Fetches a list of files into a cache, a few at a time: abortable, and resumable because files
 * already in the cache are counted and skipped, never fetched twice.
 */

/** The part of the Cache API used here, so tests can hand in a memory cache. */
export interface FileCache {
  match(request: string, options?: CacheQueryOptions): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
}

export interface DownloadProgress {
  total: number;
  done: number;
  failed: number;
  bytes: number;
}

export interface DownloadResult extends DownloadProgress {
  /** Why the download ended early, if it did. */
  stopped: 'cancelled' | 'quota' | undefined;
}

export interface DownloadOptions {
  cache: FileCache;
  fetch?: typeof fetch;
  /** Parallel requests: browsers allow about six per host. */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Progress is reported at most this often (and once at the end). */
  progressEveryMs?: number;
}

const isQuotaError = (err: unknown) => err instanceof DOMException && err.name === 'QuotaExceededError';

/**
 * Saves every url into the cache. A 404 or 204 counts as done with nothing saved (tile servers
 * answer so where they have no tile); other failures are counted in `failed` and the rest go on.
 */
export async function downloadFiles(
  urls: Iterable<string>,
  total: number,
  options: DownloadOptions,
): Promise<DownloadResult> {
  const { cache, concurrency = 6, signal, onProgress, progressEveryMs = 100 } = options;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const progress: DownloadProgress = { total, done: 0, failed: 0, bytes: 0 };
  // Stops the other requests when the device runs out of room.
  const local = new AbortController();
  const abortOnCancel = () => local.abort();
  signal?.addEventListener('abort', abortOnCancel);
  let stopped: DownloadResult['stopped'] = signal?.aborted ? 'cancelled' : undefined;
  let lastReport = 0;
  const report = (force = false) => {
    const now = Date.now();
    if (!onProgress || (!force && now - lastReport < progressEveryMs)) return;
    lastReport = now;
    onProgress({ ...progress });
  };

  const iterator = urls[Symbol.iterator]();
  const next = (): string | undefined => {
    if (stopped || local.signal.aborted) return undefined;
    const item = iterator.next();
    return item.done ? undefined : item.value;
  };

  async function fetchOne(url: string): Promise<void> {
    const saved = await cache.match(url, { ignoreVary: true });
    if (saved) {
      // Awaited first: `bytes += await …` would add to a total read before other requests moved it.
      const size = (await saved.blob()).size;
      progress.bytes += size;
      progress.done++;
      return;
    }
    let response: Response;
    try {
      // 'no-store': the file is kept here, not in the HTTP cache or the viewed tiles' cache too.
      response = await doFetch(url, {
        signal: local.signal,
        mode: 'cors',
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (err) {
      if (local.signal.aborted) return;
      progress.failed++;
      console.warn(`Could not fetch ${url} for offline use`, err);
      return;
    }
    if (response.status === 404 || response.status === 204) {
      progress.done++;
      return;
    }
    if (!response.ok) {
      progress.failed++;
      return;
    }
    const body = await response.blob();
    // The body is stored decoded: its transfer headers no longer describe it.
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    await cache.put(
      url,
      new Response(body, { status: response.status, statusText: response.statusText, headers }),
    );
    progress.bytes += body.size;
    progress.done++;
  }

  async function worker(): Promise<void> {
    for (let url = next(); url !== undefined; url = next()) {
      try {
        await fetchOne(url);
      } catch (err) {
        if (isQuotaError(err)) {
          stopped = 'quota';
          local.abort();
          return;
        }
        if (local.signal.aborted) return;
        progress.failed++;
        console.warn(`Could not save ${url} for offline use`, err);
      }
      report();
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  } finally {
    signal?.removeEventListener('abort', abortOnCancel);
  }
  if (!stopped && signal?.aborted) stopped = 'cancelled';
  report(true);
  return { ...progress, stopped };
}
