import { describe, expect, it } from 'vitest';
import { isPinsDataLoaded, refreshWait, sameCounts, shownPinCounts } from './pinRefresh.ts';

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
});
