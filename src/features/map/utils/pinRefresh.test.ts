import { describe, expect, it } from 'vitest';
import { isPinsDataLoaded, refreshWait, sameCounts, sameFeatures, shownPinCounts } from './pinRefresh.ts';

describe('taking pin changes in', () => {
  it.each([
    { last: 0, now: 10_000, synced: true, wait: -9_750, why: 'a single change at once' },
    { last: 1_000, now: 1_100, synced: true, wait: 150, why: 'a burst at most every 250 ms' },
    { last: 1_000, now: 1_250, synced: true, wait: 0, why: 'the next of a burst once 250 ms passed' },
    { last: 1_000, now: 2_000, synced: false, wait: 14_000, why: 'every 15 s during the first sync' },
  ])('takes $why', ({ last, now, synced, wait }) => {
    expect(refreshWait(last, now, synced)).toBe(wait);
  });

  it.each([
    {
      worker: { shown: 3, total: 9 },
      kept: { shown: 1, total: 2 },
      opened: 5,
      counts: { shown: 3, total: 9 },
    },
    {
      worker: { shown: undefined, total: undefined },
      kept: { shown: 1, total: 2 },
      opened: 5,
      counts: { shown: 1, total: 2 },
    },
    {
      worker: { shown: undefined, total: undefined },
      kept: undefined,
      opened: 5,
      counts: { shown: undefined, total: 5 },
    },
  ])('counts $counts from the worker $worker, the kept view $kept', ({ worker, kept, opened, counts }) => {
    expect(shownPinCounts(worker, kept, opened)).toEqual(counts);
  });

  it.each([
    { was: { shown: 3, total: 9 }, now: { shown: 3, total: 9 }, same: true },
    { was: { shown: 3, total: 9 }, now: { shown: 4, total: 9 }, same: false },
    { was: { shown: 3, total: 9 }, now: { shown: 3, total: 10 }, same: false },
    { was: { shown: undefined, total: undefined }, now: { shown: 0, total: 0 }, same: false },
  ])(
    'counts $now are the shown $was: $same (a recoloured pin draws no count again)',
    ({ was, now, same }) => {
      expect(sameCounts(was, now)).toBe(same);
    },
  );

  it.each([
    { event: { sourceId: 'pins', isSourceLoaded: true, sourceDataType: 'content' }, loaded: true },
    { event: { sourceId: 'pins', isSourceLoaded: true }, loaded: true },
    { event: { sourceId: 'pins', isSourceLoaded: true, sourceDataType: 'metadata' }, loaded: false },
    { event: { sourceId: 'pins', isSourceLoaded: false }, loaded: false },
    { event: { sourceId: 'cities', isSourceLoaded: true }, loaded: false },
  ])('takes $event as the pins drawn: $loaded', ({ event, loaded }) => {
    expect(isPinsDataLoaded(event)).toBe(loaded);
  });

  const pin = (id: string, status = 'Not Home 1', at: [number, number] = [-112, 33.5]): GeoJSON.Feature => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: at },
    properties: { id, color: '#ffaa00', status, name: id, pending: false },
  });
  const cluster = (count: number): GeoJSON.Feature => ({
    type: 'Feature',
    id: 7,
    geometry: { type: 'Point', coordinates: [-112.1, 33.4] },
    properties: { cluster: true, cluster_id: 7, point_count: count },
  });
  it.each([
    {
      why: 'the same pins built afresh',
      was: [pin('a'), cluster(3)],
      now: [pin('a'), cluster(3)],
      same: true,
    },
    { why: 'nothing, twice', was: [], now: [], same: true },
    { why: 'one pin more', was: [pin('a')], now: [pin('a'), pin('b')], same: false },
    { why: 'another pin', was: [pin('a')], now: [pin('b')], same: false },
    { why: 'a new status', was: [pin('a')], now: [pin('a', 'Sold')], same: false },
    { why: 'a pin moved', was: [pin('a')], now: [pin('a', 'Not Home 1', [-112, 33.6])], same: false },
    { why: 'a cluster grown', was: [cluster(3)], now: [cluster(4)], same: false },
    { why: 'a property gone', was: [pin('a')], now: [{ ...pin('a'), properties: { id: 'a' } }], same: false },
    {
      why: 'the same pins in another order',
      was: [pin('a'), pin('b')],
      now: [pin('b'), pin('a')],
      same: false,
    },
  ])('takes $why as the same pins: $same', ({ was, now, same }) => {
    expect(sameFeatures(was, now)).toBe(same);
  });
});
