// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePinSource } from './usePinSource.ts';

type Listener = (event: Record<string, unknown>) => void;

/** A map with a 'pins' source (once `addPins`), its events fired by hand. */
function fakeMap() {
  const listeners = new Map<string, Set<Listener>>();
  let source: { setData: ReturnType<typeof vi.fn> } | undefined;
  const map = {
    on: (type: string, fn: Listener) =>
      void (listeners.get(type) ?? listeners.set(type, new Set()).get(type))?.add(fn),
    off: (type: string, fn: Listener) => void listeners.get(type)?.delete(fn),
    once(type: string, fn: Listener) {
      const wrapped: Listener = (e) => {
        map.off(type, wrapped);
        fn(e);
      };
      map.on(type, wrapped);
    },
    getSource: (id: string) => (id === 'pins' ? source : undefined),
  };
  return {
    ref: { current: { getMap: () => map } } as never,
    addPins() {
      source = { setData: vi.fn(async () => undefined) };
      return source;
    },
    fire(type: string, event: Record<string, unknown> = {}) {
      for (const fn of [...(listeners.get(type) ?? [])]) fn(event);
    },
    listening: (type: string) => listeners.get(type)?.size ?? 0,
  };
}

const collection = (...ids: string[]): GeoJSON.FeatureCollection => ({
  type: 'FeatureCollection',
  features: ids.map((id) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [0, 0] },
    properties: { id },
  })),
});
const pinsLoaded = { sourceId: 'pins', isSourceLoaded: true, sourceDataType: 'content' };
const updates = () => performance.getEntriesByName('pins-updated').length;

describe("a map's pins source", () => {
  afterEach(() => performance.clearMarks());

  it('keeps the pins of now in one object while the map has no source yet, and tells React once', () => {
    const map = fakeMap();
    const { result } = renderHook(() => usePinSource(map.ref));
    const data = result.current.data;
    expect(result.current.shownOnce).toBe(false);
    act(() => result.current.show(collection('a')));
    act(() => result.current.show(collection('a', 'b')));
    // The same object, now holding the last pins: a source built later starts from them.
    expect(result.current.data).toBe(data);
    expect(data.features.map((f) => f.properties?.id)).toEqual(['a', 'b']);
    expect(result.current.shownOnce).toBe(true);
    expect(result.current.shown.current).toBe(true);
  });

  it('hands each draw to the source directly, always the same object', () => {
    const map = fakeMap();
    const source = map.addPins();
    const { result } = renderHook(() => usePinSource(map.ref));
    act(() => result.current.show(collection('a')));
    act(() => result.current.show(collection('b')));
    expect(source.setData).toHaveBeenCalledTimes(2);
    expect(source.setData.mock.calls.every(([d]) => d === result.current.data)).toBe(true);
    expect(result.current.data.features.map((f) => f.properties?.id)).toEqual(['b']);
  });

  it("marks 'pins-updated' on the frame after the pins source holds a later draw, once marking is on", () => {
    const map = fakeMap();
    map.addPins();
    const { result } = renderHook(() => usePinSource(map.ref));
    // The first draw is marked by the map itself (usePinMarks), never as an update.
    act(() => result.current.show(collection('a')));
    map.fire('sourcedata', pinsLoaded);
    map.fire('render');
    expect(updates()).toBe(0);

    result.current.marksUpdates.current = true;
    act(() => result.current.show(collection('b')));
    // Another source's data, or only the pins' metadata, is not the pins drawn.
    map.fire('sourcedata', { ...pinsLoaded, sourceId: 'cities' });
    map.fire('sourcedata', { ...pinsLoaded, sourceDataType: 'metadata' });
    map.fire('render');
    expect(updates()).toBe(0);
    map.fire('sourcedata', pinsLoaded);
    expect(updates()).toBe(0);
    map.fire('render');
    expect(updates()).toBe(1);
    map.fire('render');
    expect(updates()).toBe(1);
  });

  it('waits for the last of draws in quick succession only, so one frame is marked once', () => {
    const map = fakeMap();
    map.addPins();
    const { result } = renderHook(() => usePinSource(map.ref));
    result.current.marksUpdates.current = true;
    act(() => result.current.show(collection('a')));
    act(() => result.current.show(collection('b')));
    expect(map.listening('sourcedata')).toBe(1);
    map.fire('sourcedata', pinsLoaded);
    map.fire('render');
    expect(updates()).toBe(1);
    expect(map.listening('sourcedata')).toBe(0);
  });

  it('does not hand the map the pins it already draws, and marks no update for them', () => {
    const map = fakeMap();
    const source = map.addPins();
    const { result } = renderHook(() => usePinSource(map.ref));
    act(() => result.current.show(collection('a', 'b')));
    result.current.marksUpdates.current = true;
    // A knock's own write, read after its preview: the same pins, built afresh.
    act(() => result.current.show(collection('a', 'b')));
    expect(source.setData).toHaveBeenCalledTimes(1);
    expect(map.listening('sourcedata')).toBe(0);
    act(() => result.current.show(collection('a')));
    expect(source.setData).toHaveBeenCalledTimes(2);
    expect(map.listening('sourcedata')).toBe(1);
  });
});
