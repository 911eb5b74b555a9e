import { describe, expect, it } from 'vitest';
import { changedRegionFields, draftOf, teamChanges } from './regionDraft.ts';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ] as [number, number][],
  ],
};

describe('region form', () => {
  it('starts a new region with the first spec fill and nothing else', () => {
    expect(draftOf(undefined, [])).toEqual({
      name: '',
      color: '#21A1D6',
      manager_ids: [],
      team_ids: [],
      geometry: null,
    });
  });

  it('sends every field of a new region, only the changed ones of a stored one', () => {
    const before = draftOf({ name: 'North', color: '#88D1F1', manager_ids: ['a'], geometry: square }, ['t1']);
    expect(changedRegionFields(before, { ...before, name: ' North ' }, false)).toEqual({});
    expect(changedRegionFields(before, { ...before, name: 'South', geometry: null }, false)).toEqual({
      name: 'South',
      geometry: null,
    });
    expect(Object.keys(changedRegionFields(before, before, true)).sort()).toEqual([
      'color',
      'geometry',
      'manager_ids',
      'name',
    ]);
  });

  it('moves teams in and out', () => {
    expect(teamChanges(['a', 'b'], ['b', 'c'])).toEqual({ added: ['c'], removed: ['a'] });
  });
});
