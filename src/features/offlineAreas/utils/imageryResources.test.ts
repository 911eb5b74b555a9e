import { describe, expect, it } from 'vitest';
import { imagerySource } from '#src/domain/schemas/mapImagery.ts';
import { planArea } from '#src/domain/tileMath.ts';
import { areaResources, IMAGERY_SOURCE_ID } from './imageryResources.ts';
import type { StyleResources } from './mapStyleResources.ts';

const style: StyleResources = {
  files: ['https://tiles.example.com/style.json'],
  sources: [
    {
      id: 'streets',
      templates: ['https://tiles.example.com/{z}/{x}/{y}.pbf'],
      scheme: 'xyz',
      tileSize: 512,
      minzoom: 0,
      maxzoom: 14,
    },
  ],
  skipped: [],
  maxzoom: 14,
};
const usgs = imagerySource(null);
const own = imagerySource({ kind: 'url', url: 'https://img.example.com/{z}/{x}/{y}.jpg' });
/** A few streets of Phoenix, seen at zoom 15. */
const bbox: [number, number, number, number] = [-112.08, 33.445, -112.07, 33.452];

describe('an area saved with its aerial imagery', () => {
  it.each([
    ['not asked for', usgs, false, ['streets']],
    ['asked for, imagery off', undefined, true, ['streets']],
    ['asked for, USGS', usgs, true, ['streets', IMAGERY_SOURCE_ID]],
    ['asked for, own service', own, true, ['streets', IMAGERY_SOURCE_ID]],
  ])('%s: sources %j', (_, imagery, asked, ids) => {
    const resources = areaResources(style, imagery, asked);
    expect(resources.sources.map((s) => s.id)).toEqual(ids);
    // The zooms offered follow the base map alone.
    expect(resources.maxzoom).toBe(14);
    expect(resources.files).toEqual(style.files);
  });

  it('adds the imagery tiles to the estimate, up to the service’s deepest level', () => {
    const base = planArea(bbox, 15, 18, style.sources);
    const withUsgs = planArea(bbox, 15, 18, areaResources(style, usgs, true).sources);
    const withOwn = planArea(bbox, 15, 18, areaResources(style, own, true).sources);
    expect(withUsgs.tiles).toBeGreaterThan(base.tiles);
    // USGS stops at 16; an own service goes on to 18 here, so more of its tiles are saved.
    expect(withOwn.tiles).toBeGreaterThan(withUsgs.tiles);
    const imageryTiles = areaResources(style, usgs, true).sources.find((s) => s.id === IMAGERY_SOURCE_ID);
    expect(imageryTiles).toMatchObject({ tileSize: 256, maxzoom: 16, scheme: 'xyz' });
  });

  it('never lists the imagery twice when asked again', () => {
    const once = areaResources(style, usgs, true);
    expect(areaResources(once, usgs, true).sources).toHaveLength(2);
  });
});
