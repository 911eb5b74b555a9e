import { describe, expect, it } from 'vitest';
import { type DownloadProgress, downloadFiles } from './downloadFiles.ts';
import { MemoryFileCache } from './memoryFileCache.ts';

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://t.example.com/14/${i}/0.png`);

/** A tile server answering every URL with a body of `size` bytes, or the status given for it. */
function tileServer(options: { size?: number; status?: Record<string, number>; fail?: Set<string> } = {}) {
  const requested: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requested.push(url);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      if (options.fail?.has(url)) throw new TypeError('Failed to fetch');
      const status = options.status?.[url] ?? 200;
      return new Response(status === 200 ? new Uint8Array(options.size ?? 100) : null, {
        status,
        headers: { 'content-type': 'image/png', 'content-encoding': 'gzip' },
      });
    } finally {
      inFlight--;
    }
  }) as typeof fetch;
  return { fetchFn, requested, maxInFlight: () => maxInFlight };
}

describe('downloading files into a cache', () => {
  it('saves every file, a few at a time, and counts their bytes', async () => {
    const cache = new MemoryFileCache();
    const server = tileServer({ size: 100 });
    const seen: DownloadProgress[] = [];
    const result = await downloadFiles(urls(20), 20, {
      cache,
      fetch: server.fetchFn,
      concurrency: 4,
      onProgress: (p) => seen.push(p),
      progressEveryMs: 0,
    });
    expect(result).toEqual({ total: 20, done: 20, failed: 0, bytes: 2000, stopped: undefined });
    expect(cache.entries.size).toBe(20);
    expect(server.maxInFlight()).toBe(4);
    expect(seen.at(-1)).toEqual({ total: 20, done: 20, failed: 0, bytes: 2000 });
    // Stored decoded, so the transfer encoding no longer applies.
    expect(cache.entries.get(urls(1)[0] as string)?.headers.get('content-encoding')).toBeNull();
  });

  it('resumes: files already saved are counted, not fetched again', async () => {
    const cache = new MemoryFileCache();
    const all = urls(10);
    await downloadFiles(all.slice(0, 6), 6, { cache, fetch: tileServer({ size: 50 }).fetchFn });
    const server = tileServer({ size: 50 });
    const result = await downloadFiles(all, 10, { cache, fetch: server.fetchFn });
    expect(server.requested).toEqual(all.slice(6));
    expect(result).toMatchObject({ done: 10, bytes: 500, failed: 0 });
  });

  it('counts a missing tile (404) as done and a failing one as failed, and goes on', async () => {
    const all = urls(5);
    const cache = new MemoryFileCache();
    const server = tileServer({
      status: { [all[1] as string]: 404, [all[2] as string]: 500 },
      fail: new Set([all[3] as string]),
    });
    const result = await downloadFiles(all, 5, { cache, fetch: server.fetchFn });
    expect(result).toMatchObject({ done: 3, failed: 2, stopped: undefined });
    expect([...cache.entries.keys()]).toEqual([all[0], all[4]]);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const cache = new MemoryFileCache();
    const server = tileServer();
    const result = await downloadFiles(urls(200), 200, {
      cache,
      fetch: server.fetchFn,
      signal: controller.signal,
      onProgress: (p) => p.done >= 10 && controller.abort(),
      progressEveryMs: 0,
    });
    expect(result.stopped).toBe('cancelled');
    expect(result.done).toBeLessThan(200);
    expect(server.requested.length).toBeLessThan(200);
  });

  it('does nothing when cancelled before it starts', async () => {
    const server = tileServer();
    const result = await downloadFiles(urls(5), 5, {
      cache: new MemoryFileCache(),
      fetch: server.fetchFn,
      signal: AbortSignal.abort(),
    });
    expect(result).toMatchObject({ done: 0, stopped: 'cancelled' });
    expect(server.requested).toEqual([]);
  });

  it('stops when the device is full', async () => {
    const cache = new MemoryFileCache();
    cache.failPutWith = new DOMException('full', 'QuotaExceededError');
    const server = tileServer();
    const result = await downloadFiles(urls(100), 100, { cache, fetch: server.fetchFn, concurrency: 2 });
    expect(result).toMatchObject({ done: 0, stopped: 'quota' });
    expect(server.requested.length).toBeLessThanOrEqual(2);
  });
});
