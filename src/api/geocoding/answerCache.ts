/**
 * The device's cache of geocoder answers, keyed by the request's URL, so the same search or the
 * same spot is asked once: in the Cache Storage API (`caches.open('geocoder')`, kept across
 * visits) when the browser has it, else in memory for the visit. Only the newest `limit` answers
 * are kept. A cache that fails is never the reason a search fails: it then answers nothing.
 */

export interface AnswerCache {
  get(url: string): Promise<unknown>;
  put(url: string, body: unknown): Promise<void>;
}

export const GEOCODER_CACHE = 'geocoder';
export const GEOCODER_CACHE_LIMIT = 500;

/** In memory: a Map's order is its insertion order, so the oldest is first. */
export function memoryAnswerCache(limit = GEOCODER_CACHE_LIMIT): AnswerCache {
  const answers = new Map<string, unknown>();
  return {
    async get(url) {
      return answers.get(url);
    },
    async put(url, body) {
      answers.delete(url);
      answers.set(url, body);
      for (const oldest of answers.keys()) {
        if (answers.size <= limit) break;
        answers.delete(oldest);
      }
    },
  };
}

/** What is used of the Cache Storage API. */
export interface CacheStorageLike {
  open(name: string): Promise<{
    match(url: string): Promise<{ json(): Promise<unknown> } | undefined>;
    put(url: string, response: Response): Promise<void>;
    keys(): Promise<readonly { url: string }[]>;
    delete(url: string): Promise<boolean>;
  }>;
}

/** In the Cache Storage API, whose keys come oldest first (a put moves its key to the end). */
export function cacheStorageAnswerCache(
  storage: CacheStorageLike,
  limit = GEOCODER_CACHE_LIMIT,
  name = GEOCODER_CACHE,
): AnswerCache {
  return {
    async get(url) {
      try {
        const cache = await storage.open(name);
        const hit = await cache.match(url);
        return hit ? await hit.json() : undefined;
      } catch {
        return undefined;
      }
    },
    async put(url, body) {
      try {
        const cache = await storage.open(name);
        const response = new Response(JSON.stringify(body), {
          headers: { 'content-type': 'application/json' },
        });
        await cache.put(url, response);
        const keys = await cache.keys();
        for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old.url);
      } catch {
        // Full or unavailable storage: the answer is simply not kept.
      }
    },
  };
}

/** The device's cache: Cache Storage when this browser has it, else memory. */
export function deviceAnswerCache(storage: CacheStorageLike | undefined = globalThis.caches): AnswerCache {
  return storage ? cacheStorageAnswerCache(storage) : memoryAnswerCache();
}
