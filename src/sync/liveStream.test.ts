import { describe, expect, it } from 'vitest';
import type { Clock, SyncTriggers } from './engine.ts';
import { pokeVersion, reconnectDelay, retryAfterMs, SILENCE_MS, withLiveStream } from './liveStream.ts';

/** A stream the test writes to, as the server would. */
function fakeStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    poke: (version: number) =>
      controller.enqueue(new TextEncoder().encode(`event: poke\ndata: {"version":${version}}\n\n`)),
    end: () => controller.close(),
    // As fetch does: aborting the request errors its body.
    abortWith: (signal: AbortSignal) =>
      signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError'))),
  };
}

type Stream = ReturnType<typeof fakeStream>;

function setup(answers: (Stream | number | Error | Response)[] = []) {
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const time = { now: 0 };
  const clock: Clock = {
    now: () => time.now,
    setTimeout: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      if (handle) (handle as { cleared: boolean }).cleared = true;
    },
  };
  const state = { cursor: 0, active: true, opened: 0, signals: [] as AbortSignal[] };
  let onActivity: () => void = () => undefined;
  const reasons: string[] = [];
  const base: SyncTriggers = { isOnline: () => true, subscribe: () => () => undefined };
  const triggers = withLiveStream(base, {
    open: async (signal) => {
      state.opened += 1;
      state.signals.push(signal);
      const next = answers.shift() ?? 503;
      if (next instanceof Error) throw next;
      if (typeof next === 'number') return new Response('{}', { status: next });
      if (next instanceof Response) return next;
      next.abortWith(signal);
      return next.response;
    },
    cursor: async () => state.cursor,
    activity: {
      isActive: () => state.active,
      watch: (fn) => {
        onActivity = fn;
        return () => undefined;
      },
    },
    clock,
    random: () => 1,
  });
  const unsubscribe = triggers.subscribe((reason) => reasons.push(reason));
  // Reconnect timers; the watchdog of an open stream is one of SILENCE_MS.
  const pending = () => timers.filter((t) => !t.cleared && t.ms !== SILENCE_MS);
  const watchdogs = () => timers.filter((t) => !t.cleared && t.ms === SILENCE_MS);
  return {
    state,
    time,
    reasons,
    unsubscribe,
    pulls: () => reasons.filter((r) => r === 'live').length,
    /** Delays of the reconnects waiting now. */
    pending: () => pending().map((t) => t.ms),
    fireTimers: () => {
      for (const t of pending()) {
        t.cleared = true;
        t.fn();
      }
    },
    activityChanged: () => onActivity(),
    watchdogs: () => watchdogs().length,
    fireWatchdogs: () => {
      for (const t of watchdogs()) {
        t.cleared = true;
        t.fn();
      }
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('live stream', () => {
  it('pulls on a poke above the cursor, once per new version', async () => {
    const stream = fakeStream();
    const t = setup([stream]);
    t.state.cursor = 3;
    stream.poke(5);
    await settle();
    expect(t.pulls()).toBe(1);
    stream.poke(5);
    stream.poke(4);
    stream.send(': heartbeat\n\n');
    await settle();
    expect(t.pulls()).toBe(1);
    stream.send('event: poke\r\ndata: {"version":6}\r\n\r\n');
    await settle();
    expect(t.pulls()).toBe(2);
    t.unsubscribe();
  });

  it('does not pull for a version the device has already pulled', async () => {
    const stream = fakeStream();
    const t = setup([stream]);
    t.state.cursor = 10;
    stream.poke(10);
    stream.poke(9);
    await settle();
    expect(t.pulls()).toBe(0);
    stream.poke(11);
    await settle();
    expect(t.pulls()).toBe(1);
    t.unsubscribe();
  });

  it('reconnects after a drop with backoff from 1 s doubling to 30 s', async () => {
    const t = setup([503, new Error('network'), 500, 502, 503, 503, 503]);
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      await settle();
      delays.push(...t.pending());
      t.fireTimers();
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(t.state.opened).toBe(8);
    t.unsubscribe();
  });

  it('starts the backoff afresh once a reopened stream delivers a poke', async () => {
    const first = fakeStream();
    const second = fakeStream();
    const t = setup([503, 503, first, second]);
    await settle();
    t.fireTimers();
    await settle();
    expect(t.pending()).toEqual([2_000]);
    t.fireTimers();
    await settle();
    first.poke(1);
    await settle();
    first.end();
    await settle();
    expect(t.pending()).toEqual([1_000]);
    t.unsubscribe();
  });

  it('drops a stream silent for longer than the heartbeat allows and reopens it', async () => {
    const stream = fakeStream();
    const t = setup([stream, fakeStream()]);
    await settle();
    expect(t.watchdogs()).toBe(1);
    // Each chunk starts the watch again.
    stream.send(': heartbeat\n\n');
    await settle();
    expect(t.watchdogs()).toBe(1);
    t.fireWatchdogs();
    await settle();
    expect(t.state.signals[0]?.aborted).toBe(true);
    expect(t.pending()).toEqual([1_000]);
    t.fireTimers();
    await settle();
    expect(t.state.opened).toBe(2);
    t.unsubscribe();
    await settle();
    expect(t.watchdogs()).toBe(0);
  });

  it('closes when the page goes offline or hidden and reopens at once when back', async () => {
    const t = setup([fakeStream(), fakeStream()]);
    await settle();
    expect(t.state.opened).toBe(1);
    t.state.active = false;
    t.activityChanged();
    await settle();
    expect(t.state.signals[0]?.aborted).toBe(true);
    expect(t.pending()).toEqual([]);
    t.state.active = true;
    t.activityChanged();
    await settle();
    expect(t.state.opened).toBe(2);
    t.unsubscribe();
    expect(t.state.signals[1]?.aborted).toBe(true);
  });

  it('after a rejected session waits for the page to come back instead of retrying', async () => {
    const t = setup([401, fakeStream()]);
    await settle();
    expect(t.pending()).toEqual([]);
    expect(t.state.opened).toBe(1);
    t.activityChanged();
    await settle();
    expect(t.state.opened).toBe(2);
    t.unsubscribe();
  });

  it('waits the Retry-After of a stream turned away (429, 503), even when the page comes back', async () => {
    const refused = (status: number, retryAfter: string) =>
      new Response('{"success":false}', { status, headers: { 'retry-after': retryAfter } });
    const t = setup([refused(429, '30'), refused(503, '120'), refused(429, '99999'), fakeStream()]);
    await settle();
    // 30 s and up to a quarter more (random is 1 here), not the 1 s of a dropped stream.
    expect(t.pending()).toEqual([37_500]);
    // Back online or visible does not open it sooner: it waits out what is left.
    t.time.now = 10_000;
    t.state.active = false;
    t.activityChanged();
    t.state.active = true;
    t.activityChanged();
    await settle();
    expect(t.state.opened).toBe(1);
    expect(t.pending()).toEqual([27_500]);
    t.fireTimers();
    await settle();
    expect(t.state.opened).toBe(2);
    expect(t.pending()).toEqual([150_000]);
    t.fireTimers();
    await settle();
    // A Retry-After past 10 minutes counts as 10 minutes.
    expect(t.pending()).toEqual([750_000]);
    t.fireTimers();
    await settle();
    expect(t.state.opened).toBe(4);
    t.unsubscribe();
  });

  it('passes the other triggers through', () => {
    const calls: string[] = [];
    const base: SyncTriggers = {
      isOnline: () => false,
      subscribe: (listener) => {
        listener('online');
        return () => calls.push('unsubscribed');
      },
    };
    const triggers = withLiveStream(base, {
      open: () => new Promise(() => undefined),
      cursor: async () => 0,
      activity: { isActive: () => false, watch: () => () => undefined },
    });
    expect(triggers.isOnline()).toBe(false);
    const stop = triggers.subscribe((reason) => calls.push(reason));
    stop();
    expect(calls).toEqual(['online', 'unsubscribed']);
  });
});

describe('live stream rules', () => {
  it.each([
    [1, 0, 500],
    [1, 1, 1_000],
    [3, 0.5, 3_000],
    [6, 1, 30_000],
    [20, 0, 15_000],
  ])('the delay before reconnect %i with random %f is %i ms', (failures, random, ms) => {
    expect(reconnectDelay(failures, () => random)).toBe(ms);
  });

  it.each([
    ['30', 30_000],
    [' 5 ', 5_000],
    ['0', 0],
    [null, 0],
    ['', 0],
    ['soon', 0],
    ['-5', 0],
    ['100000', 600_000],
    ['Thu, 01 Jan 1970 00:01:00 GMT', 50_000],
    ['Thu, 01 Jan 1970 00:00:01 GMT', 0],
  ])('reads Retry-After %j (at 10 s past the epoch) as %i ms', (header, ms) => {
    expect(retryAfterMs(header, 10_000)).toBe(ms);
  });

  it.each([
    ['event: poke\ndata: {"version":7}', 7],
    ['event:poke\ndata:{"version": 8}', 8],
    [': heartbeat', undefined],
    ['event: other\ndata: {"version":7}', undefined],
    ['event: poke\ndata: not json', undefined],
    ['data: {"version":7}', undefined],
  ])('reads %j as %s', (block, version) => {
    expect(pokeVersion(block)).toBe(version);
  });
});
