import { describe, expect, it } from 'vitest';
import { CircuitBreaker, KeyedLimiter } from './pacing.ts';

const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

describe('outgoing pacing', () => {
  it('keeps at most perKey in flight for a key while other keys go ahead', async () => {
    const limiter = new KeyedLimiter(2, 4);
    const slow = gate();
    const log: string[] = [];
    let inFlightSlow = 0;
    let mostSlow = 0;
    const slowTask = (i: number) =>
      limiter.run('slow', async () => {
        inFlightSlow++;
        mostSlow = Math.max(mostSlow, inFlightSlow);
        await slow.opened;
        inFlightSlow--;
        log.push(`slow${i}`);
      });
    const slowDone = Promise.all([0, 1, 2, 3].map(slowTask));
    await limiter.run('fast', async () => {
      log.push('fast');
    });
    expect(log).toEqual(['fast']);
    slow.open();
    await slowDone;
    expect(mostSlow).toBe(2);
    expect(log).toHaveLength(5);
  });

  it('caps the calls in flight overall', async () => {
    const limiter = new KeyedLimiter(2, 3);
    const hold = gate();
    let inFlight = 0;
    let most = 0;
    const all = ['a', 'b', 'c', 'd', 'e'].map((key) =>
      limiter.run(key, async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await hold.opened;
        inFlight--;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inFlight).toBe(3);
    hold.open();
    await Promise.all(all);
    expect(most).toBe(3);
  });

  it('passes on a task failure and keeps going', async () => {
    const limiter = new KeyedLimiter(1, 1);
    await expect(limiter.run('k', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limiter.run('k', async () => 7)).toBe(7);
  });

  it('pauses a key after failures in a row, for a cool-down; a success clears the count', () => {
    const breaker = new CircuitBreaker(3, 60_000);
    breaker.failure('e', 0);
    breaker.failure('e', 0);
    breaker.success('e');
    breaker.failure('e', 0);
    breaker.failure('e', 0);
    expect(breaker.pausedUntil('e', 0)).toBeUndefined();
    breaker.failure('e', 1000);
    expect(breaker.pausedUntil('e', 1000)).toBe(61_000);
    expect(breaker.pausedUntil('other', 1000)).toBeUndefined();
    expect(breaker.pausedUntil('e', 61_000)).toBeUndefined();
    // One more failure after the pause pauses it again.
    breaker.failure('e', 62_000);
    expect(breaker.pausedUntil('e', 62_000)).toBe(122_000);
    breaker.success('e');
    expect(breaker.pausedUntil('e', 62_000)).toBeUndefined();
  });
});
