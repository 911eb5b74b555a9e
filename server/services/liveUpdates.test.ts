import { describe, expect, it } from 'vitest';
import { type Change, type ChangeSource, LiveHub } from './liveUpdates.ts';

/** A listening connection the test drives: payloads in, a drop, and a count of opens and stops. */
function fakeSource(failFirst = false) {
  const state = {
    opened: 0,
    stopped: 0,
    send: (_: string) => undefined as void,
    drop: () => undefined as void,
  };
  let fail = failFirst;
  const source: ChangeSource = async (onPayload, onLost) => {
    state.opened += 1;
    if (fail) {
      fail = false;
      throw new Error('database unavailable');
    }
    state.send = onPayload;
    state.drop = onLost;
    return async () => {
      state.stopped += 1;
    };
  };
  return { source, state };
}

function subscriber(org: number) {
  const got: Change[] = [];
  let lost = 0;
  return {
    got,
    lost: () => lost,
    value: { org, onChange: (c: Change) => got.push(c), onLost: () => (lost += 1) },
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
});
