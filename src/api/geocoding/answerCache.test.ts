import { describe, expect, it } from 'vitest';
import {
  type AnswerCache,
  type CacheStorageLike,
  cacheStorageAnswerCache,
  deviceAnswerCache,
  memoryAnswerCache,
} from './answerCache.ts';

/** Cache Storage as browsers keep it: keys in the order they were put, a put moving its key last. */
function fakeCacheStorage() {
  const named = new Map<string, Map<string, string>>();
  const storage: CacheStorageLike = {
    async open(name) {
      let entries = named.get(name);
      if (!entries) {
        entries = new Map();
        named.set(name, entries);
      }
      const cache = entries;
      return {
        async match(url) {
          const body = cache.get(url);
          return body === undefined ? undefined : { json: async () => JSON.parse(body) };
        },
        async put(url, response) {
          cache.delete(url);
          cache.set(url, await response.text());
        },
        async keys() {
          return [...cache.keys()].map((url) => ({ url }));
        },
        async delete(url) {
          return cache.delete(url);
        },
      };
    },
  };
  return { storage, named };
}

const kinds: [string, (limit: number) => AnswerCache][] = [
  ['memory', (limit) => memoryAnswerCache(limit)],
  ['Cache Storage', (limit) => cacheStorageAnswerCache(fakeCacheStorage().storage, limit)],
];

describe.each(kinds)('the geocoder answer cache in %s', (_kind, make) => {
  it('answers what was kept for the same URL, nothing for another', async () => {
    const cache = make(500);
    await cache.put('https://photon.komoot.io/api/?q=1+Main', { features: [1] });
    expect(await cache.get('https://photon.komoot.io/api/?q=1+Main')).toEqual({ features: [1] });
    expect(await cache.get('https://photon.komoot.io/api/?q=2+Main')).toBeUndefined();
  });

  it('keeps only the newest answers', async () => {
    const cache = make(3);
    for (const n of [1, 2, 3, 4]) await cache.put(`https://g.example/${n}`, n);
    // Put again: the newest now.
    await cache.put('https://g.example/2', 22);
    await cache.put('https://g.example/5', 5);
    const kept = await Promise.all([1, 2, 3, 4, 5].map((n) => cache.get(`https://g.example/${n}`)));
    expect(kept).toEqual([undefined, 22, undefined, 4, 5]);
  });
});

describe('the device’s geocoder cache', () => {
  it('lives in the "geocoder" Cache Storage when the browser has one, else in memory', async () => {
    const { storage, named } = fakeCacheStorage();
    await deviceAnswerCache(storage).put('https://g.example/1', 1);
    expect([...(named.get('geocoder')?.keys() ?? [])]).toEqual(['https://g.example/1']);

    const memory = deviceAnswerCache(undefined);
    await memory.put('https://g.example/1', 1);
    expect(await memory.get('https://g.example/1')).toBe(1);
  });

  it('never fails a search because the storage fails', async () => {
    const broken: CacheStorageLike = {
      open: async () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    const cache = cacheStorageAnswerCache(broken);
    await expect(cache.put('https://g.example/1', 1)).resolves.toBeUndefined();
    await expect(cache.get('https://g.example/1')).resolves.toBeUndefined();
  });
});
