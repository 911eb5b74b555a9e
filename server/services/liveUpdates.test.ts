import { describe, expect, it } from 'vitest';
import {
  CHANGES_CHANNEL,
  type ChangeSource,
  LiveHub,
  SESSIONS_CHANNEL,
  STREAM_RETRY_SECONDS,
} from './liveUpdates.ts';
import type { Change } from './pokeSpacing.ts';
import { ServiceError } from './serviceError.ts';

/** A listening connection the test drives: payloads in, a drop, and a count of opens and stops. */
function fakeSource(failFirst = false) {
  const state = {
    opened: 0,
    stopped: 0,
    notify: (_channel: string, _payload: string): void => undefined,
    send: (payload: string) => state.notify(CHANGES_CHANNEL, payload),
    revoke: (payload: string) => state.notify(SESSIONS_CHANNEL, payload),
    drop: (): void => undefined,
  };
  let fail = failFirst;
  const source: ChangeSource = async (onPayload, onLost) => {
    state.opened += 1;
    if (fail) {
      fail = false;
      throw new Error('database unavailable');
    }
    state.notify = onPayload;
    state.drop = onLost;
    return async () => {
      state.stopped += 1;
    };
  };
  return { source, state };
}

function subscriber(org: number, user = 'u1', session = 's1') {
  const got: Change[] = [];
  let lost = 0;
  return {
    got,
    lost: () => lost,
    value: { org, user, session, onChange: (c: Change) => got.push(c), onEnd: () => (lost += 1) },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('live hub', () => {
  it('listens once for all its streams and hands each change to its org’s streams only', async () => {
    const { source, state } = fakeSource();
    const hub = new LiveHub(source);
    const a = subscriber(1);
    const b = subscriber(1);
    const other = subscriber(2);
    await hub.subscribe(a.value);
    await hub.subscribe(b.value);
    await hub.subscribe(other.value);
    expect(state.opened).toBe(1);
    state.send('{"org_id":1,"version":5}');
    state.send('not json');
    state.send('{"org_id":"x","version":5}');
    expect(a.got).toEqual([{ org_id: 1, version: 5 }]);
    expect(b.got).toEqual([{ org_id: 1, version: 5 }]);
    expect(other.got).toEqual([]);
  });

  it('spaces an org’s pokes: those right after one go out together, as the highest, and not after the streams are lost', async () => {
    const { source, state } = fakeSource();
    // Waits of 150 ms: past one spacing after a poke, and short of two.
    const hub = new LiveHub(source, 100);
    const a = subscriber(1);
    await hub.subscribe(a.value);
    state.send('{"org_id":1,"version":5}');
    state.send('{"org_id":1,"version":7}');
    state.send('{"org_id":1,"version":6}');
    expect(a.got).toEqual([{ org_id: 1, version: 5 }]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(a.got).toEqual([
      { org_id: 1, version: 5 },
      { org_id: 1, version: 7 },
    ]);
    state.send('{"org_id":1,"version":8}');
    const b = subscriber(1);
    await hub.subscribe(b.value);
    state.send('{"org_id":1,"version":9}');
    state.drop();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(a.got.map((c) => c.version)).toEqual([5, 7]);
    expect(b.got).toEqual([]);
  });

  it('stops listening with its last stream, and listens again for the next', async () => {
    const { source, state } = fakeSource();
    const hub = new LiveHub(source);
    const first = await hub.subscribe(subscriber(1).value);
    const second = await hub.subscribe(subscriber(1).value);
    first();
    await settle();
    expect(state.stopped).toBe(0);
    second();
    await settle();
    expect(state.stopped).toBe(1);
    expect(hub.size).toBe(0);
    await hub.subscribe(subscriber(1).value);
    expect(state.opened).toBe(2);
  });

  it('ends every stream when the connection drops, then listens afresh', async () => {
    const { source, state } = fakeSource();
    const hub = new LiveHub(source);
    const a = subscriber(1);
    const b = subscriber(2);
    await hub.subscribe(a.value);
    await hub.subscribe(b.value);
    state.drop();
    expect([a.lost(), b.lost()]).toEqual([1, 1]);
    expect(hub.size).toBe(0);
    await hub.subscribe(subscriber(1).value);
    expect(state.opened).toBe(2);
  });

  it('refuses a stream when listening cannot start, and tries again for the next', async () => {
    const { source, state } = fakeSource(true);
    const hub = new LiveHub(source);
    await expect(hub.subscribe(subscriber(1).value)).rejects.toThrow('database unavailable');
    expect(hub.size).toBe(0);
    await hub.subscribe(subscriber(1).value);
    expect(state.opened).toBe(2);
  });

  it('ends every stream and stops listening when the server shuts down', async () => {
    const { source, state } = fakeSource();
    const hub = new LiveHub(source);
    const a = subscriber(1);
    await hub.subscribe(a.value);
    hub.endAll();
    await settle();
    expect(a.lost()).toBe(1);
    expect(state.stopped).toBe(1);
  });

  it('ends the streams of a revoked session, or of every session of a user but the one kept', async () => {
    const { source, state } = fakeSource();
    const hub = new LiveHub(source);
    const a1 = subscriber(1, 'a', 'a1');
    const a2 = subscriber(1, 'a', 'a2');
    const a3 = subscriber(1, 'a', 'a3');
    const b1 = subscriber(1, 'b', 'b1');
    for (const s of [a1, a2, a3, b1]) await hub.subscribe(s.value);
    state.revoke('{"session":"a1"}');
    expect([a1.lost(), a2.lost(), a3.lost(), b1.lost()]).toEqual([1, 0, 0, 0]);
    state.revoke('{"user_id":"a","except":"a2"}');
    expect([a1.lost(), a2.lost(), a3.lost(), b1.lost()]).toEqual([1, 0, 1, 0]);
    state.revoke('not json');
    state.revoke('{"user_id":5}');
    // A change's payload on the sessions channel ends nothing, and a revocation pokes nobody.
    state.revoke('{"org_id":1,"version":9}');
    state.send('{"session":"a2"}');
    expect(hub.size).toBe(2);
    state.revoke('{"user_id":"a"}');
    state.revoke('{"user_id":"b"}');
    expect([a1.lost(), a2.lost(), a3.lost(), b1.lost()]).toEqual([1, 1, 1, 1]);
    expect(hub.size).toBe(0);
    await settle();
    expect(state.stopped).toBe(1);
  });

  it('refuses a stream past a cap per session, per user or per process, before subscribing', async () => {
    const { source } = fakeSource();
    const hub = new LiveHub(source);
    const limits = { perSession: 2, perUser: 3, perProcess: 4 };
    const refusal = (s: ReturnType<typeof subscriber>) =>
      hub.subscribe(s.value, limits).then(
        () => undefined,
        (err: unknown) => err,
      );
    await hub.subscribe(subscriber(1, 'a', 'a1').value, limits);
    await hub.subscribe(subscriber(1, 'a', 'a1').value, limits);
    const third = await refusal(subscriber(1, 'a', 'a1'));
    expect(third).toBeInstanceOf(ServiceError);
    expect(third).toMatchObject({ reason: 'rate_limited', retryAfterSeconds: STREAM_RETRY_SECONDS });
    expect((third as Error).message).toMatch(/session already has 2/);
    await hub.subscribe(subscriber(1, 'a', 'a2').value, limits);
    expect((await refusal(subscriber(1, 'a', 'a3'))) as Error).toHaveProperty(
      'message',
      expect.stringMatching(/account already has 3/),
    );
    await hub.subscribe(subscriber(1, 'b', 'b1').value, limits);
    expect(hub.size).toBe(4);
    expect((await refusal(subscriber(1, 'c', 'c1'))) as Error).toHaveProperty(
      'message',
      expect.stringMatching(/too many live update streams/),
    );
    expect(hub.size).toBe(4);
  });

  it('counts streams opened at the same moment', async () => {
    const { source } = fakeSource();
    const hub = new LiveHub(source);
    const limits = { perSession: 3, perUser: 6, perProcess: 100 };
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => hub.subscribe(subscriber(1).value, limits)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(hub.size).toBe(3);
  });
});
