/**
 * Request throttles: a token bucket per key (an API key, a client address), in this process's
 * memory. Each bucket holds up to `burst` tokens and refills continuously at `burst` per
 * `perSeconds`; a request takes one, and one that finds none is refused with the seconds until
 * the next token (answered 429 with Retry-After). At most `maxKeys` buckets are kept: the least
 * recently used goes first, and a full bucket is the same as none. Instances do not share
 * buckets, so N instances behind a balancer allow up to N times the limit.
 */
import type { Context } from 'hono';
import type { RateLimit } from '../limits.ts';
import { rateLimited } from '../services/serviceError.ts';

const MAX_KEYS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly limit: RateLimit;
  private readonly maxKeys: number;

  constructor(limit: RateLimit, maxKeys = MAX_KEYS) {
    this.limit = limit;
    this.maxKeys = maxKeys;
  }

  /** Takes a token for `key` at `now` (ms): undefined when allowed, else the seconds to wait. */
  take(key: string, now: number): number | undefined {
    const { burst, perSeconds } = this.limit;
    const held = this.buckets.get(key);
    const refilled = held ? (Math.max(0, now - held.at) * burst) / (perSeconds * 1000) : burst;
    const tokens = Math.min(burst, (held?.tokens ?? 0) + refilled);
    // Re-inserted, so the map's order is least recently used first.
    this.buckets.delete(key);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return Math.max(1, Math.ceil(((1 - tokens) * perSeconds) / burst));
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    while (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
    return undefined;
  }

  /** Buckets held now. */
  get size(): number {
    return this.buckets.size;
  }
}

/** Takes a token, or throws the 429 refusal with `message` (given the seconds to wait). */
export function throttle(
  limiter: RateLimiter,
  key: string,
  now: number,
  message: (waitSeconds: number) => string,
): void {
  const wait = limiter.take(key, now);
  if (wait !== undefined) throw rateLimited(message(wait), wait);
}

/** "in 40 seconds", "in 3 minutes": how long a refused caller waits, for its message. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/**
 * The address the request came from: the connection's remote address. No proxy header is
 * trusted (the server has no trusted-proxy setting), so behind a reverse proxy every client
 * shares the proxy's address. Requests made without a socket (in-process) count as one address.
 */
export function clientAddress(c: Context): string {
  type Bindings = { incoming?: { socket?: { remoteAddress?: string } } };
  const env = c.env as (Bindings & { server?: Bindings }) | undefined;
  return (env?.server ?? env)?.incoming?.socket?.remoteAddress ?? 'unknown';
}
