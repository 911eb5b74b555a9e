import { describe, expect, it } from 'vitest';
import { isSuperseded, type LimiterClock, requestLimiter } from './requestLimiter.ts';

/** A clock that moves only when the test says so; waits end when their time comes. */
function fakeClock() {
  let now = 0;
  const timers: { at: number; done: () => void }[] = [];
  const clock: LimiterClock = {
    now: () => now,
    wait: (ms) => new Promise<void>((resolve) => timers.push({ at: now + ms, done: resolve })),
  };
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return {
    clock,
    flush,
    async advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.done();
      }
      await flush();
    },
  };
}

/** A fake request: records when it started and answers its name. */
function recorder(time: () => number) {
  const started: [string, number][] = [];
  const call = (name: string) => async () => {
    started.push([name, time()]);
    return name;
  };
  return { started, call };
}

describe('the geocoder request limiter', () => {
  it('starts at most one request per second per lane; later calls wait their turn in order', async () => {
    const t = fakeClock();
    const limiter = requestLimiter({ clock: t.clock });
    const r = recorder(t.clock.now);
    const answers = [
      limiter.schedule('https://photon.komoot.io', r.call('a')),
      limiter.schedule('https://photon.komoot.io', r.call('b')),
      limiter.schedule('https://photon.komoot.io', r.call('c')),
      limiter.schedule('https://osm.example.org', r.call('other lane')),
    ];
    await t.flush();
    expect(r.started).toEqual([
      ['a', 0],
      ['other lane', 0],
    ]);
    await t.advance(999);
    expect(r.started).toHaveLength(2);
    await t.advance(1);
    await t.advance(1000);
    expect(r.started).toEqual([
      ['a', 0],
      ['other lane', 0],
      ['b', 1000],
      ['c', 2000],
    ]);
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'other lane']);
  });

  it('waits only what is left of the second since the last request', async () => {
    const t = fakeClock();
    const limiter = requestLimiter({ clock: t.clock });
    const r = recorder(t.clock.now);
    await limiter.schedule('lane', r.call('first'));
    await t.advance(1500);
    await limiter.schedule('lane', r.call('later'));
    expect(r.started).toEqual([
      ['first', 0],
      ['later', 1500],
    ]);
  });

  it('drops a search superseded while it waited; other calls keep their turn', async () => {
    const t = fakeClock();
    const limiter = requestLimiter({ clock: t.clock });
    const r = recorder(t.clock.now);
    const first = limiter.schedule('lane', r.call('1 Ma'), 'search');
    const waiting = limiter.schedule('lane', r.call('1 Mai'), 'search');
    const reverse = limiter.schedule('lane', r.call('reverse'));
    const latest = limiter.schedule('lane', r.call('1 Main'), 'search');
    const outcome = waiting.then(
      () => 'ran',
      (err: unknown) => (isSuperseded(err) ? 'superseded' : 'failed'),
    );
    await t.flush();
    expect(await outcome).toBe('superseded');
    await t.advance(1000);
    await t.advance(1000);
    expect(r.started).toEqual([
      ['1 Ma', 0],
      ['reverse', 1000],
      ['1 Main', 2000],
    ]);
    expect(await Promise.all([first, reverse, latest])).toEqual(['1 Ma', 'reverse', '1 Main']);
  });

  it('passes a failing request’s error on, and goes on with the next', async () => {
    const t = fakeClock();
    const limiter = requestLimiter({ clock: t.clock });
    const failing = limiter.schedule('lane', async () => {
      throw new Error('The address search answered 429.');
    });
    const next = limiter.schedule('lane', async () => 'ok');
    await expect(failing).rejects.toThrow('429');
    await t.advance(1000);
    await expect(next).resolves.toBe('ok');
  });
});
