/**
 * How every geocoder call leaves the device: an answer already in the device's cache is used as
 * it is; otherwise the call waits its turn in the limiter (one per second per geocoder), and a
 * good answer is kept. A provider whose terms forbid keeping answers (Google) says `keep: false`.
 */
import { type AnswerCache, deviceAnswerCache } from './answerCache.ts';
import { type RequestLimiter, requestLimiter } from './requestLimiter.ts';

export interface GeocoderAnswer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

export interface GeocoderCall {
  /** A search drops the search still waiting before it (the user typed on); a reverse never. */
  purpose: 'search' | 'reverse';
  /** Whether the answer may be kept on the device (default true). */
  keep?: boolean;
}

/** What a geocoder asks the network with. */
export type GeocoderFetch = (url: string, call?: GeocoderCall) => Promise<GeocoderAnswer>;

/** A geocoder that has not answered in this long is given up on (the search shows why). */
export const GEOCODER_TIMEOUT_MS = 8_000;

export function politeFetch({
  fetcher = (url) => fetch(url, { signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS) }),
  limiter = requestLimiter(),
  cache = deviceAnswerCache(),
}: {
  fetcher?: (url: string) => Promise<GeocoderAnswer>;
  limiter?: RequestLimiter;
  cache?: AnswerCache;
} = {}): GeocoderFetch {
  return async (url, call) => {
    const keep = call?.keep ?? true;
    const kept = keep ? await cache.get(url) : undefined;
    if (kept !== undefined) return { ok: true, status: 200, json: async () => kept };
    const lane = new URL(url).origin;
    const res = await limiter.schedule(
      lane,
      () => fetcher(url),
      call?.purpose === 'search' ? 'search' : undefined,
    );
    if (!res.ok) return res;
    const body = await res.json();
    if (keep) await cache.put(url, body);
    return { ok: true, status: res.status, json: async () => body };
  };
}

let shared: GeocoderFetch | undefined;

/** The one limiter and cache of this device, shared by every geocoder it makes. */
export function devicePoliteFetch(): GeocoderFetch {
  shared ??= politeFetch();
  return shared;
}
