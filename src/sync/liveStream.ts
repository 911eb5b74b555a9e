/**
 * Live updates on the device: the server's event stream (`GET /api/v2/events/stream`) says when the
 * org has a version newer than this device pulled, and the engine then pulls at once instead of at
 * its next 30 s tick, which stays as the fallback. Invariants:
 * - the stream is open only while the engine leads (it subscribes to these triggers then), and the
 *   page is online and visible; it closes when the page goes offline or hidden and opens again on
 *   online or visible;
 * - a poke pulls only when its version is above both the stored cursor and the last version a pull
 *   was already asked for, so a reconnect's first poke, naming a version already pulled, costs none;
 * - a dropped or refused stream is opened again after 1 s, doubling to 30 s, with jitter; a
 *   rejected session (401) waits for the next online or visible event instead;
 * - a stream the server turns away for now (429: too many streams open; 503) waits at least the
 *   server's Retry-After (read as 10 minutes at most; plus up to a quarter more, so devices turned
 *   away together do not all come back together), and coming back online or visible does not cut that
 *   wait short.
 * The session token goes in the Authorization header like every other call (fetch and a body
 * reader rather than EventSource, which cannot send headers, nor `x-org-id` for a super admin).
 */
import type { Clock, SyncTriggers } from './engine.ts';
import { realClock } from './engine.ts';

export const LIVE_PATH = '/api/v2/events/stream';
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** The longest Retry-After honoured: a larger or unreadable one is read as this. */
const RETRY_AFTER_MAX_MS = 10 * 60_000;
/** The server sends a heartbeat every 25 s: a stream silent for longer is a dead connection. */
export const SILENCE_MS = 60_000;
const SILENT = 'silent';

/** Whether the stream should be open (online and visible), and when that may have changed. */
export interface LiveActivity {
  isActive(): boolean;
  watch(onChange: () => void): () => void;
}

export interface LiveStreamOptions {
  /** Opens the stream with the session's credentials. */
  open(signal: AbortSignal): Promise<Response>;
  /** The version this device has pulled up to. */
  cursor(): Promise<number>;
  activity: LiveActivity;
  clock?: Clock;
  random?: () => number;
}

/** The delay before the `failures`-th reconnect: 1 s doubling to 30 s, between half and all of it. */
export function reconnectDelay(failures: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * The wait a 429 or 503 answer asks for (Retry-After in seconds or as a date), in ms: 0 when it
 * names none, never more than 10 minutes.
 */
export function retryAfterMs(header: string | null, now: number): number {
  const value = header?.trim();
  if (!value) return 0;
  // Delay-seconds, or an HTTP date ("Wed, 21 Oct 2026 07:28:00 GMT"); anything else names none.
  const ms = /^\d+$/.test(value)
    ? Number(value) * 1000
    : /^[A-Za-z]{3}, /.test(value)
      ? Date.parse(value) - now
      : Number.NaN;
  if (Number.isNaN(ms)) return 0;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms));
}

/** `base`'s triggers plus a `live` trigger whenever the server pokes with a version not yet pulled. */
export function withLiveStream(base: SyncTriggers, options: LiveStreamOptions): SyncTriggers {
  return {
    ...base,
    subscribe(listener) {
      const stream = new LiveStream(options, () => listener('live'));
      const unsubscribe = base.subscribe(listener);
      const unwatch = options.activity.watch(() => stream.update());
      stream.update();
      return () => {
        unwatch();
        unsubscribe();
        stream.stop();
      };
    },
  };
}

class LiveStream {
  private readonly options: LiveStreamOptions;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly pull: () => void;
  private controller: AbortController | undefined;
  private timer: unknown;
  private failures = 0;
  private requested = 0;
  private stopped = false;
  /** Set by a 401: no reconnecting until the page comes back online or visible. */
  private refused = false;
  /** The server's Retry-After of the last refusal, for the reconnect it delays. */
  private retryAfter = 0;
  /** No stream is opened before this time (the server asked to wait until then). */
  private notBefore = 0;

  constructor(options: LiveStreamOptions, pull: () => void) {
    this.options = options;
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
    this.pull = pull;
  }

  /** Opens or closes the stream to match the page's state. */
  update(): void {
    if (this.stopped) return;
    if (!this.options.activity.isActive()) {
      this.close();
      return;
    }
    // Back online or visible: a refused or backing-off stream tries again now, unless the server
    // asked to wait longer.
    if (this.controller) return;
    this.refused = false;
    this.failures = 0;
    this.clock.clearTimeout(this.timer);
    const wait = this.notBefore - this.clock.now();
    if (wait > 0) this.reconnectIn(wait);
    else this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.close();
  }

  private close(): void {
    this.clock.clearTimeout(this.timer);
    this.controller?.abort();
    this.controller = undefined;
  }

  private connect(): void {
    const controller = new AbortController();
    this.controller = controller;
    void this.read(controller).then(
      () => this.dropped(controller),
      () => this.dropped(controller),
    );
  }

  private async read(controller: AbortController): Promise<void> {
    const res = await this.options.open(controller.signal);
    if (res.status === 401) {
      this.refused = true;
      await res.body?.cancel();
      return;
    }
    if (!res.ok || !res.body) {
      if (res.status === 429 || res.status === 503)
        this.retryAfter = retryAfterMs(res.headers.get('retry-after'), this.clock.now());
      await res.body?.cancel();
      return;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    // A connection that died without closing (a network change) never ends the read by itself.
    let watchdog: unknown;
    const watch = () => {
      this.clock.clearTimeout(watchdog);
      watchdog = this.clock.setTimeout(() => controller.abort(SILENT), SILENCE_MS);
    };
    try {
      for (;;) {
        watch();
        const { done, value } = await reader.read();
        if (done || controller.signal.aborted) return;
        buffer = await this.consume(buffer + decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n'));
      }
    } finally {
      this.clock.clearTimeout(watchdog);
    }
  }

  /** Handles the complete events in `buffer`; returns what is left of it. */
  private async consume(text: string): Promise<string> {
    let buffer = text;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const version = pokeVersion(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (version === undefined) continue;
      // A stream that delivered an event is working: the next drop starts the backoff afresh.
      this.failures = 0;
      await this.poked(version);
    }
    return buffer;
  }

  private async poked(version: number): Promise<void> {
    if (version <= this.requested) return;
    const cursor = await this.options.cursor().catch(() => 0);
    if (version <= cursor || version <= this.requested) return;
    this.requested = version;
    this.pull();
  }

  private dropped(controller: AbortController): void {
    if (this.controller !== controller) return;
    this.controller = undefined;
    const silent = controller.signal.reason === SILENT;
    if (this.stopped || (controller.signal.aborted && !silent) || this.refused) return;
    this.failures += 1;
    const asked = this.retryAfter;
    this.retryAfter = 0;
    const delay = Math.max(
      reconnectDelay(this.failures, this.random),
      Math.round(asked + (this.random() * asked) / 4),
    );
    this.notBefore = asked > 0 ? this.clock.now() + delay : 0;
    this.reconnectIn(delay);
  }

  private reconnectIn(delay: number): void {
    this.timer = this.clock.setTimeout(() => {
      if (!this.stopped && !this.controller && this.options.activity.isActive()) this.connect();
    }, delay);
  }
}

/** The version of a `poke` event block, or undefined for anything else (heartbeats, comments). */
export function pokeVersion(block: string): number | undefined {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (event !== 'poke') return undefined;
  try {
    const version = Number((JSON.parse(data) as { version?: unknown }).version);
    return Number.isFinite(version) ? version : undefined;
  } catch {
    return undefined;
  }
}
