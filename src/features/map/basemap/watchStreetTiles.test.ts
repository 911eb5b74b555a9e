import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { FAILED_TILES_TO_GIVE_UP } from './tileHealth.ts';
import { watchStreetTiles } from './watchStreetTiles.ts';

/** A map that only fires events, with a vector street source, a raster imagery one and pins. */
function fakeMap() {
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  const types: Record<string, string> = { openmaptiles: 'vector', imagery: 'raster', pins: 'geojson' };
  const map = {
    on: (type: string, fn: (event: unknown) => void) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(fn));
    },
    off: (type: string, fn: (event: unknown) => void) => listeners.get(type)?.delete(fn),
    getSource: (id: string) => (types[id] ? { type: types[id] } : undefined),
  };
  const fire = (type: string, event: unknown) => {
    for (const fn of listeners.get(type) ?? []) fn(event);
  };
  return {
    map: map as unknown as MapLibreMap,
    failTile: (sourceId: string) =>
      fire('error', { error: new Error('Failed to fetch'), sourceId, tile: {} }),
    loadTile: (sourceId: string) => fire('sourcedata', { dataType: 'source', sourceId, tile: {} }),
    listening: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
}

const STYLE = 'https://tiles.example.com/style.json';

describe('following the street map’s tiles', () => {
  it('gives the style up once when its tiles fail and none loads', () => {
    const { map, failTile } = fakeMap();
    const givenUp = vi.fn();
    watchStreetTiles(map, () => STYLE, givenUp);
    for (let i = 0; i < FAILED_TILES_TO_GIVE_UP * 2; i++) failTile('openmaptiles');
    expect(givenUp.mock.calls).toEqual([[STYLE]]);
  });

  it('keeps the style once one of its tiles has loaded', () => {
    const { map, failTile, loadTile } = fakeMap();
    const givenUp = vi.fn();
    watchStreetTiles(map, () => STYLE, givenUp);
    loadTile('openmaptiles');
    for (let i = 0; i < FAILED_TILES_TO_GIVE_UP * 2; i++) failTile('openmaptiles');
    expect(givenUp).not.toHaveBeenCalled();
  });

  it('counts only the base map’s tiles, not the imagery’s or the pins’', () => {
    const { map, failTile } = fakeMap();
    const givenUp = vi.fn();
    watchStreetTiles(map, () => STYLE, givenUp);
    for (let i = 0; i < FAILED_TILES_TO_GIVE_UP * 2; i++) {
      failTile('imagery');
      failTile('pins');
    }
    expect(givenUp).not.toHaveBeenCalled();
  });

  it('watches nothing while the built-in map is drawn, and stops when asked', () => {
    const fake = fakeMap();
    const givenUp = vi.fn();
    const stop = watchStreetTiles(fake.map, () => undefined, givenUp);
    for (let i = 0; i < FAILED_TILES_TO_GIVE_UP; i++) fake.failTile('openmaptiles');
    expect(givenUp).not.toHaveBeenCalled();
    stop();
    expect(fake.listening()).toBe(0);
  });
});
