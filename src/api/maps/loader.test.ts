import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoogleMaps } from './googleTypes.ts';
import {
  createMapsLoader,
  MAPS_KEY_MISSING,
  MAPS_LOAD_FAILED,
  MapsLoadError,
  type MapsLoaderStatus,
  retryDelay,
  scriptUrl,
} from './loader.ts';

const MAPS = { Geocoder: class {}, places: { AutocompleteService: class {} } } as unknown as GoogleMaps;

afterEach(() => {
  vi.useRealTimers();
});

/** A loader whose script fails `failures` times before it loads, with real timers faked. */
function setUp(failures: number, key = 'test-key') {
  vi.useFakeTimers();
  let calls = 0;
  const loadScript = vi.fn(async (_url: string) => {
    calls++;
    if (calls <= failures) throw new Error(`network down ${calls}`);
    return MAPS;
  });
  const log = vi.fn();
  const loader = createMapsLoader({ key, loadScript, log });
  const statuses: MapsLoaderStatus[] = [loader.status];
  loader.onStatus((s) => statuses.push(s));
  return { loader, loadScript, log, statuses };
}

describe('maps loader', () => {
  it('waits n·2^n ms before retry n', () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([2, 8, 24]);
  });

  it('loads once: initialized, loading, success; later calls share the load', async () => {
    const { loader, loadScript, statuses } = setUp(0);
    const first = loader.load();
    const second = loader.load();
    await expect(first).resolves.toBe(MAPS);
    await expect(second).resolves.toBe(MAPS);
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(loadScript.mock.calls[0]?.[0]).toBe(scriptUrl('test-key'));
    expect(statuses).toEqual(['initialized', 'loading', 'success']);
  });

  it('retries after 2, 8 and 24 ms and succeeds on the last try', async () => {
    const { loader, loadScript, statuses } = setUp(3);
    const loaded = loader.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(loadScript).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadScript).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // 2 ms: retry 1
    expect(loadScript).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(7);
    expect(loadScript).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1); // 8 ms later: retry 2
    expect(loadScript).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(23);
    expect(loadScript).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1); // 24 ms later: retry 3
    expect(loadScript).toHaveBeenCalledTimes(4);
    await expect(loaded).resolves.toBe(MAPS);
    expect(statuses).toEqual(['initialized', 'loading', 'success']);
  });

  it('after 3 failed retries fails for good with the fatal 500 and logs it', async () => {
    const { loader, loadScript, log, statuses } = setUp(10);
    const loaded = loader.load();
    const outcome = loaded.catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(2 + 8 + 24);
    const err = await outcome;
    expect(err).toBeInstanceOf(MapsLoadError);
    expect((err as MapsLoadError).message).toBe(MAPS_LOAD_FAILED);
    expect((err as MapsLoadError).status).toBe(500);
    expect(((err as MapsLoadError).cause as Error).message).toBe('network down 4');
    expect(loadScript).toHaveBeenCalledTimes(4);
    expect(log).toHaveBeenCalledWith(MAPS_LOAD_FAILED, err);
    expect(statuses).toEqual(['initialized', 'loading', 'failure']);
    // Fatal for the page: a later call does not load again.
    await expect(loader.load()).rejects.toBe(err);
    expect(loadScript).toHaveBeenCalledTimes(4);
  });

  it('without a key fails with the spec text and loads nothing', async () => {
    const { loader, loadScript, statuses } = setUp(0, '');
    await expect(loader.load()).rejects.toThrow(MAPS_KEY_MISSING);
    expect(MAPS_KEY_MISSING).toBe('Google Maps API key not found in runtime config');
    expect(loadScript).not.toHaveBeenCalled();
    expect(statuses).toEqual(['initialized', 'failure']);
  });

  it('asks for the places library with the key', () => {
    const url = new URL(scriptUrl('k&1'));
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(url.searchParams.get('key')).toBe('k&1');
    expect(url.searchParams.get('libraries')).toBe('places');
  });
});
