// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cutTurfs } from '#src/domain/turfCutting.ts';
import { useTurfCutter } from './useTurfCutter.ts';

/** A stand-in for the worker: the same service answering over a message channel, in this thread. */
function fakeWorkers() {
  const started: { terminated: boolean }[] = [];
  class FakeWorker {
    terminated = false;
    private readonly port: MessagePort;
    constructor() {
      const channel = new MessageChannel();
      Comlink.expose({ cut: cutTurfs }, channel.port2);
      this.port = channel.port1;
      started.push(this);
    }
    postMessage(message: unknown, transfer: Transferable[] = []) {
      this.port.postMessage(message, transfer);
    }
    addEventListener(type: string, listener: EventListener) {
      this.port.addEventListener(type, listener);
      this.port.start();
    }
    removeEventListener(type: string, listener: EventListener) {
      this.port.removeEventListener(type, listener);
    }
    terminate() {
      this.terminated = true;
      this.port.close();
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return started;
}

const region = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [0.01, 0],
      [0.01, 0.01],
      [0, 0.01],
      [0, 0],
    ] as [number, number][],
  ],
};
const doors = Array.from({ length: 16 }, (_, i) => ({
  id: `d${i}`,
  lng: 0.001 + 0.0025 * (i % 4),
  lat: 0.001 + 0.0025 * Math.floor(i / 4),
  weight: 1,
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useTurfCutter', () => {
  it('starts the worker at the first cut, answers the cut and stops the worker when the screen closes', async () => {
    const started = fakeWorkers();
    const { result, unmount } = renderHook(() => useTurfCutter());
    expect(started).toHaveLength(0);
    expect(result.current.cutting).toBe(false);
    let answer: ReturnType<typeof cutTurfs> | undefined;
    await act(async () => {
      answer = await result.current.cut({ region, doors, reps: ['ana', 'ben'] });
    });
    expect(answer?.turfs.map((t) => t.doorIds.length)).toEqual([8, 8]);
    expect(answer?.balance.withinBound).toBe(true);
    await act(async () => {
      await result.current.cut({ region, doors, reps: ['ana', 'ben', 'cy', 'dee'] });
    });
    expect(started).toHaveLength(1);
    await waitFor(() => expect(result.current.cutting).toBe(false));
    unmount();
    expect(started[0]?.terminated).toBe(true);
    // A cut asked for after the screen closed starts no worker that would never stop.
    await expect(result.current.cut({ region, doors, reps: ['ana'] })).rejects.toThrow();
    expect(started).toHaveLength(1);
  });

  it('says it is cutting while a cut is under way', async () => {
    fakeWorkers();
    const { result, unmount } = renderHook(() => useTurfCutter());
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.cut({ region, doors, reps: ['ana'] });
    });
    expect(result.current.cutting).toBe(true);
    await act(async () => {
      await done;
    });
    expect(result.current.cutting).toBe(false);
    unmount();
  });
});
