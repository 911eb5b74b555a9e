import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { describeLimit } from '../limits.ts';
import { ServiceError } from '../services/serviceError.ts';
import { clientAddress, RateLimiter, throttle, waitText } from './rateLimit.ts';

describe('RateLimiter (token bucket, fake clock)', () => {
  it('allows a burst, then refuses with the seconds until the next token', () => {
    const limiter = new RateLimiter({ burst: 3, perSeconds: 30 });
    expect([limiter.take('a', 0), limiter.take('a', 0), limiter.take('a', 0)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // One token every 10 s.
    expect(limiter.take('a', 0)).toBe(10);
    expect(limiter.take('a', 4_000)).toBe(6);
    expect(limiter.take('a', 10_000)).toBeUndefined();
    expect(limiter.take('a', 10_000)).toBe(10);
  });

  it('says whole seconds exactly, without rounding error', () => {
    const limiter = new RateLimiter({ burst: 2, perSeconds: 3_600 });
    limiter.take('a', 0);
    limiter.take('a', 0);
    expect(limiter.take('a', 0)).toBe(1_800);
    expect(limiter.take('a', 1_800_000)).toBeUndefined();
  });

  it('keeps a bucket per key', () => {
    const limiter = new RateLimiter({ burst: 1, perSeconds: 60 });
    expect(limiter.take('a', 0)).toBeUndefined();
    expect(limiter.take('a', 0)).toBe(60);
    expect(limiter.take('b', 0)).toBeUndefined();
  });

  it('refills no further than the burst after a long pause', () => {
    const limiter = new RateLimiter({ burst: 2, perSeconds: 2 });
    limiter.take('a', 0);
    limiter.take('a', 0);
    const later = 3_600_000;
    expect(limiter.take('a', later)).toBeUndefined();
    expect(limiter.take('a', later)).toBeUndefined();
    expect(limiter.take('a', later)).toBe(1);
  });

  it('never waits less than a second, nor counts time running backwards', () => {
    const limiter = new RateLimiter({ burst: 100, perSeconds: 1 });
    for (let i = 0; i < 100; i++) limiter.take('a', 1_000);
    expect(limiter.take('a', 1_000)).toBe(1);
    expect(limiter.take('a', 0)).toBe(1);
  });

  it('holds at most maxKeys buckets, dropping the least recently used', () => {
    const limiter = new RateLimiter({ burst: 1, perSeconds: 60 }, 2);
    limiter.take('a', 0);
    limiter.take('b', 0);
    limiter.take('a', 0);
    limiter.take('c', 0);
    expect(limiter.size).toBe(2);
    // 'b' was dropped (a fresh bucket); 'a' was kept (still empty).
    expect(limiter.take('a', 0)).toBe(60);
    expect(limiter.take('b', 0)).toBeUndefined();
  });

  it('throttle throws a rate-limited refusal carrying the wait', () => {
    const limiter = new RateLimiter({ burst: 1, perSeconds: 5 });
    const message = (wait: number) => `Slow down; try again ${waitText(wait)}.`;
    throttle(limiter, 'k', 0, message);
    let thrown: unknown;
    try {
      throttle(limiter, 'k', 0, message);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    expect(thrown).toMatchObject({
      reason: 'rate_limited',
      message: 'Slow down; try again in 5 seconds.',
      retryAfterSeconds: 5,
    });
  });

  it.each([
    [1, 'in 1 second'],
    [45, 'in 45 seconds'],
    [119, 'in 119 seconds'],
    [120, 'in 2 minutes'],
    [121, 'in 3 minutes'],
  ])('says a wait of %i s as %j', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});

describe('clientAddress', () => {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c)));
  it('reads the socket’s remote address, never a forwarded header', async () => {
    const res = await app.request(
      '/',
      { headers: { 'x-forwarded-for': '198.51.100.1' } },
      { incoming: { socket: { remoteAddress: '203.0.113.9' } } },
    );
    expect(await res.text()).toBe('203.0.113.9');
  });
  it('counts a request without a socket as one unknown address', async () => {
    expect(await (await app.request('/', { headers: { 'x-forwarded-for': '198.51.100.1' } })).text()).toBe(
      'unknown',
    );
  });
});

describe('describeLimit', () => {
  it.each([
    [{ burst: 120, perSeconds: 60 }, '120 at once, then 2 a second'],
    [{ burst: 10, perSeconds: 900 }, '10 at once, then one every 90 s'],
    [{ burst: 600, perSeconds: 60 }, '600 at once, then 10 a second'],
  ])('describes %j as %j', (limit, text) => {
    expect(describeLimit(limit)).toBe(text);
  });
});
