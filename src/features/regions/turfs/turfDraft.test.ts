import { describe, expect, it } from 'vitest';
import type { TurfCut } from '#src/domain/turfCutting.ts';
import type { TurfPolygon } from '#src/domain/turfGeometry.ts';
import { testActor } from '#tests/support/actors.ts';
import {
  cutBody,
  cutDoors,
  draftProblems,
  draftsOf,
  giveTo,
  ownerFactsOf,
  regionReps,
  reshape,
  rounded,
  TURF_COLORS,
  type TurfDraft,
} from './turfDraft.ts';

const square = (w: number, s: number, e: number, n: number): TurfPolygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});
const REGION = square(0, 0, 10, 10);
const USERS = [
  { _id: 'rep1', name: 'Riley', access_level: 'User', org_id: 6 },
  { _id: 'rep2', name: 'Avery', access_level: 'User', org_id: 6 },
  { _id: 'gone', name: 'Gone', access_level: 'User', active: false, org_id: 6 },
  { _id: 'boss', name: 'Boss', access_level: 'User', roles: [3], org_id: 6 },
  { _id: 'stranger', name: 'Stranger', access_level: 'User', org_id: 6 },
];
const names = new Map(USERS.map((u) => [u._id, u.name]));

describe('the doors a cut takes', () => {
  const doors = [
    { id: 'a', lng: 1, lat: 1, owner_id: null, value: 1200 },
    { id: 'b', lng: 2, lat: 2, owner_id: 'rep1', value: null },
    { id: 'c', lng: 3, lat: 3, owner_id: 'gone', value: 3600 },
    { id: 'd', lng: 4, lat: 4, owner_id: 'boss', value: null },
  ];
  const owners = ownerFactsOf(USERS);

  it('locks a door to its owner when the owner is an active field rep', () => {
    expect(cutDoors(doors, 'count', owners).map((d) => [d.id, d.lockedTo, d.weight])).toEqual([
      ['a', undefined, 1],
      ['b', 'rep1', 1],
      ['c', undefined, 1],
      ['d', undefined, 1],
    ]);
  });

  it('weighs doors by their expected value, the unknown ones by the median', () => {
    expect(cutDoors(doors, 'value', owners).map((d) => d.weight)).toEqual([1200, 2400, 3600, 2400]);
  });
});

describe('the reps a cut offers', () => {
  const members = [
    { user_id: 'rep1', team_id: 'teamA' },
    { user_id: 'rep2', team_id: 'teamA' },
    { user_id: 'gone', team_id: 'teamA' },
    { user_id: 'stranger', team_id: 'teamB' },
  ];
  it('the active members of the region’s teams the caller may give leads to', () => {
    const manager = testActor('Manager', { managed_team_ids: ['teamA'], managed_member_ids: ['rep1'] });
    expect(regionReps(manager, members, ['teamA'], USERS)).toEqual([{ id: 'rep1', name: 'Riley' }]);
    const admin = testActor('Admin');
    expect(regionReps(admin, members, ['teamA'], USERS).map((r) => r.id)).toEqual(['rep2', 'rep1']);
    expect(regionReps(admin, members, [], USERS)).toEqual([]);
  });
});

describe('turfs under review', () => {
  const cut: TurfCut = {
    turfs: [
      { repId: 'rep1', polygon: square(0, 0, 5, 10), doorIds: ['a', 'b'], weight: 2 },
      { repId: 'rep2', polygon: square(5, 0, 10, 10), doorIds: ['c'], weight: 1 },
      { repId: 'boss', polygon: null, doorIds: [], weight: 0 },
    ],
    balance: { mean: 1, maxDeviation: 1, withinBound: false },
    issues: [{ kind: 'fewerPlacesThanReps' }],
  };
  let n = 0;
  const drafts = draftsOf(cut, names, () => `t${++n}`);

  it('are named after their reps and coloured in turn', () => {
    expect(drafts.map((d) => [d.id, d.name, d.color, d.doors])).toEqual([
      ['t1', 'Riley', TURF_COLORS[0], 2],
      ['t2', 'Avery', TURF_COLORS[1], 1],
      ['t3', 'Boss', TURF_COLORS[2], 0],
    ]);
  });

  it('keep about a centimetre of each position, as the map’s drawing takes them', () => {
    const fine: TurfPolygon = {
      type: 'Polygon',
      coordinates: [
        [
          [-112.123456789012, 33.4],
          [-112.1, 33.400000000049],
          [-112.1, 33.4000000000001],
          [-112.1, 33.5],
          [-112.123456789012, 33.4],
        ],
      ],
    };
    expect(rounded(fine).coordinates[0]).toEqual([
      [-112.1234568, 33.4],
      [-112.1, 33.4],
      [-112.1, 33.5],
      [-112.1234568, 33.4],
    ]);
  });

  it('count their doors again when an outline is reshaped', () => {
    const doors = [
      { id: 'a', lng: 1, lat: 1, weight: 1 },
      { id: 'b', lng: 4, lat: 5, weight: 3 },
      { id: 'c', lng: 8, lat: 5, weight: 2 },
    ];
    const reshaped = reshape(drafts, 't1', square(0, 0, 3, 10), doors);
    expect(reshaped.map((d) => [d.id, d.doors, d.weight])).toEqual([
      ['t1', 1, 1],
      ['t2', 1, 2],
      ['t3', 0, 0],
    ]);
  });

  it('change hands, keeping a name the manager gave', () => {
    const given = giveTo(drafts, 't1', { id: 'rep2', name: 'Avery' }, names);
    expect(given[0]).toMatchObject({ repId: 'rep2', name: 'Avery' });
    const renamed: TurfDraft[] = [{ ...(drafts[0] as TurfDraft), name: 'North' }];
    expect(giveTo(renamed, 't1', { id: 'rep2', name: 'Avery' }, names)[0]).toMatchObject({ name: 'North' });
  });

  it('say what stops them being assigned', () => {
    const bowTie: TurfPolygon = {
      type: 'Polygon',
      coordinates: [
        [
          [1, 1],
          [3, 3],
          [3, 1],
          [1, 3],
          [1, 1],
        ],
      ],
    };
    const broken = drafts.map((d) => (d.id === 't2' ? { ...d, polygon: bowTie, repId: 'rep1' } : d));
    expect(draftProblems(broken, REGION)).toEqual([
      { id: 't2', problem: 'selfIntersecting' },
      { id: 't2', problem: 'sameRep' },
    ]);
    const away = drafts.map((d) => (d.id === 't2' ? { ...d, polygon: square(20, 20, 21, 21) } : d));
    expect(draftProblems(away, REGION)).toEqual([{ id: 't2', problem: 'outsideRegion' }]);
    expect(draftProblems(drafts, REGION)).toEqual([]);
  });

  it('go to the server without the empty ones', () => {
    const body = cutBody('region', drafts);
    expect(body.region_id).toBe('region');
    expect(body.turfs.map((t) => [t.id, t.user_id, t.name, t.color])).toEqual([
      ['t1', 'rep1', 'Riley', TURF_COLORS[0]],
      ['t2', 'rep2', 'Avery', TURF_COLORS[1]],
    ]);
  });
});
