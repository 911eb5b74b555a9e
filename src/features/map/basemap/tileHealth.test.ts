import { describe, expect, it } from 'vitest';
import {
  FAILED_TILES_TO_GIVE_UP,
  isStreetTileSource,
  NO_TILES,
  noteTile,
  streetTilesUnreachable,
  type TileHealth,
} from './tileHealth.ts';

const run = (events: ('loaded' | 'failed')[], style = 'https://tiles.example.com/style.json') =>
  events.reduce<TileHealth>((health, outcome) => noteTile(health, style, outcome), NO_TILES);

describe('a street map whose tiles cannot be drawn', () => {
  it.each([
    ['no tile yet', [], false],
    ['a few failures', ['failed', 'failed', 'failed'], false],
    ['enough failures, none loaded', Array(FAILED_TILES_TO_GIVE_UP).fill('failed'), true],
    ['one tile loaded first', ['loaded', 'failed', 'failed', 'failed', 'failed', 'failed'], false],
    ['one tile loaded among failures', ['failed', 'failed', 'loaded', 'failed', 'failed'], false],
  ] as const)('%s: given up %s', (_, events, givenUp) => {
    expect(streetTilesUnreachable(run([...events]))).toBe(givenUp);
  });

  it('counts each style afresh', () => {
    const before = run(['failed', 'failed', 'failed'], 'https://a.example/style.json');
    const after = noteTile(before, 'https://b.example/style.json', 'failed');
    expect(after).toEqual({ style: 'https://b.example/style.json', loaded: 0, failed: 1 });
    expect(streetTilesUnreachable(after)).toBe(false);
  });

  it.each([
    ['vector', 'openmaptiles', true],
    ['raster', 'base', true],
    ['raster-dem', 'terrain', true],
    ['raster', 'imagery', false],
    ['geojson', 'pins', false],
    [undefined, 'gone', false],
  ] as const)('a %s source %s is the base map’s: %s', (type, id, street) => {
    expect(isStreetTileSource(type, id, 'imagery')).toBe(street);
  });
});
