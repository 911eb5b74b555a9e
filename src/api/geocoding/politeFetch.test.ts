import { describe, expect, it, vi } from 'vitest';
import { memoryAnswerCache } from './answerCache.ts';
import { type GeocoderCall, politeFetch } from './politeFetch.ts';
import { isSuperseded, type LimiterClock, requestLimiter } from './requestLimiter.ts';

/** A clock whose waits end at once, moving the time on by what was waited. */
function instantClock() {
  let now = 0;
  const clock: LimiterClock = {
    now: () => now,
    wait: async (ms) => {
      now += ms;
    },
  };
  return clock;
}

function setUp(status = 200) {
  const clock = instantClock();
  const started: [string, number][] = [];
  const fetcher = vi.fn(async (url: string) => {
    started.push([url, clock.now()]);
    return { ok: status < 400, status, json: async () => ({ url }) };
  });
  const polite = politeFetch({ fetcher, limiter: requestLimiter({ clock }), cache: memoryAnswerCache() });
  const ask = async (url: string, call?: GeocoderCall) => (await polite(url, call)).json();
  return { polite, ask, fetcher, started };
}

describe('geocoder calls leaving the device', () => {
  it.each([
    [
      'the same search twice: asked once',
      [['https://p.example/api/?q=a'], ['https://p.example/api/?q=a']],
      1,
    ],
    ['two searches: asked twice', [['https://p.example/api/?q=a'], ['https://p.example/api/?q=b']], 2],
    [
      'Google’s answers are never kept',
      [
        ['https://maps.googleapis.com/x?q=a', false],
        ['https://maps.googleapis.com/x?q=a', false],
      ],
      2,
    ],
  ] as const)('%s', async (_name, calls, asked) => {
    const { ask, fetcher } = setUp();
    for (const [url, keep] of calls) {
      expect(await ask(url, { purpose: 'search', keep: keep ?? true })).toEqual({ url });
    }
    expect(fetcher).toHaveBeenCalledTimes(asked);
  });

  it('asks each geocoder at most once a second, each on its own', async () => {
    const { ask, started } = setUp();
    await Promise.all([
      ask('https://p.example/reverse?lat=1'),
      ask('https://p.example/reverse?lat=2'),
      ask('https://n.example/reverse?lat=1'),
    ]);
    // The other geocoder's call did not wait behind the first one's queue.
    expect(started.map(([url]) => url)).toEqual([
      'https://p.example/reverse?lat=1',
      'https://n.example/reverse?lat=1',
      'https://p.example/reverse?lat=2',
    ]);
    expect(started.filter(([url]) => url.startsWith('https://p.example')).map(([, at]) => at)).toEqual([
      0, 1000,
    ]);
  });

  it('drops a search the next search replaced while it waited', async () => {
    const { polite, fetcher } = setUp();
    const first = polite('https://p.example/api/?q=1+M', { purpose: 'search' });
    const replaced = polite('https://p.example/api/?q=1+Ma', { purpose: 'search' }).catch((err) => err);
    const latest = polite('https://p.example/api/?q=1+Main', { purpose: 'search' });
    await Promise.all([first, latest]);
    expect(isSuperseded(await replaced)).toBe(true);
    expect(fetcher.mock.calls.map(([url]) => url)).toEqual([
      'https://p.example/api/?q=1+M',
      'https://p.example/api/?q=1+Main',
    ]);
  });

  it('keeps no failed answer: the next call asks again', async () => {
    const { polite, fetcher } = setUp(503);
    expect((await polite('https://p.example/api/?q=a', { purpose: 'search' })).status).toBe(503);
    expect((await polite('https://p.example/api/?q=a', { purpose: 'search' })).ok).toBe(false);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
