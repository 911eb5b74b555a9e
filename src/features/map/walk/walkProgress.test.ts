import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { DEFAULT_WALK_RULES, type DoorFacts } from '#src/domain/doorEligibility.ts';
import {
  afterKnocks,
  coolDownSince,
  MAX_WALK_DOORS,
  remainingPoints,
  replannedWalk,
  startWalk,
  strayed,
  walkCandidates,
  walkFeatures,
} from './walkProgress.ts';

const START = { lng: -111.83, lat: 33.41 };
/** A door `east` steps of about 9 m east of the start. */
const door = (id: string, east: number, fields: Partial<DoorFacts> = {}): DoorFacts => ({
  id,
  lng: START.lng + east * 0.0001,
  lat: START.lat,
  status: 'Prospect',
  stage: 'Contact',
  owner_id: 'me',
  energy_consultants: [],
  last_knocked_at: null,
  ...fields,
});
const byId = (doors: DoorFacts[]) => new Map(doors.map((d) => [d.id, d]));
const context = { user_id: 'me', rules: DEFAULT_WALK_RULES, stages: DEFAULT_DEAL_STAGES, now: Date.now() };

const DOORS = [door('a', 1), door('b', 2), door('c', 3), door('d', 4)];
const walk = startWalk(START, DOORS, [0, 1, 2, 3]);

describe('walkCandidates', () => {
  it('keeps the eligible doors, nearest first, at most a walk’s worth', () => {
    const doors = [door('far', 9), door('near', 1), door('renter', 2, { status: 'Renter' }), door('mine', 5)];
    expect(walkCandidates(doors, START, context)).toEqual({
      doors: [doors[1], doors[3], doors[0]],
      excluded: 1,
      beyond: 0,
    });
    const many = Array.from({ length: MAX_WALK_DOORS + 5 }, (_, i) => door(`d${i}`, i));
    const taken = walkCandidates(many, START, context);
    expect(taken.doors).toHaveLength(MAX_WALK_DOORS);
    expect(taken.beyond).toBe(5);
    expect(taken.doors.at(-1)?.id).toBe(`d${MAX_WALK_DOORS - 1}`);
  });
});

describe('afterKnocks', () => {
  it('does nothing while no status changed', () => {
    expect(afterKnocks(walk, byId(DOORS))).toEqual({ walk, replan: false });
  });

  it('advances when the next door is knocked, the next leg starting there', () => {
    const now = byId([{ ...(DOORS[0] as DoorFacts), status: 'Not Home 1' }, ...DOORS.slice(1)]);
    const { walk: next, replan } = afterKnocks(walk, now);
    expect(replan).toBe(false);
    expect(next.remaining).toEqual(['b', 'c', 'd']);
    expect(next.knocked).toEqual(['a']);
    expect(next.from).toEqual({ lng: DOORS[0]?.lng, lat: DOORS[0]?.lat });
  });

  it('asks to plan again when a door is knocked out of order', () => {
    const now = byId([
      ...DOORS.slice(0, 2),
      { ...(DOORS[2] as DoorFacts), status: 'Come Back' },
      DOORS[3] as DoorFacts,
    ]);
    const { walk: next, replan } = afterKnocks(walk, now);
    expect(replan).toBe(true);
    expect(next.remaining).toEqual(['a', 'b', 'd']);
    expect(next.knocked).toEqual(['c']);
    expect(next.from.lng).toBeCloseTo(DOORS[2]?.lng as number, 9);
  });

  it('drops doors no longer on the device, and does not plan again for a last door', () => {
    const short = startWalk(START, DOORS.slice(0, 2), [0, 1]);
    expect(afterKnocks(short, byId([DOORS[0] as DoorFacts])).walk.remaining).toEqual(['a']);
    const now = byId([DOORS[0] as DoorFacts, { ...(DOORS[1] as DoorFacts), status: 'Renter' }]);
    expect(afterKnocks(short, now)).toMatchObject({ replan: false, walk: { remaining: ['a'] } });
  });
});

describe('strayed', () => {
  it('is true only farther than the limit from the leg to the next door', () => {
    const doors = byId(DOORS);
    expect(strayed(walk, doors, { lng: START.lng + 0.00005, lat: START.lat + 0.0005 })).toBe(false);
    expect(strayed(walk, doors, { lng: START.lng + 0.00005, lat: START.lat + 0.001 })).toBe(true);
    // With one door left there is nothing to plan.
    expect(strayed({ ...walk, remaining: ['d'] }, doors, { lng: START.lng, lat: START.lat + 0.01 })).toBe(
      false,
    );
  });
});

describe('the walk on the map', () => {
  it('draws the line from the leg’s start through the remaining doors, numbered from 1', () => {
    const replanned = replannedWalk(walk, ['d', 'c'], START);
    const features = walkFeatures(replanned, byId(DOORS));
    expect(features.features[0]?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [START.lng, START.lat],
        [DOORS[3]?.lng, DOORS[3]?.lat],
        [DOORS[2]?.lng, DOORS[2]?.lat],
      ],
    });
    expect(features.features.slice(1).map((f) => f.properties)).toEqual([
      { kind: 'stop', n: 1, id: 'd' },
      { kind: 'stop', n: 2, id: 'c' },
    ]);
    expect(remainingPoints(replanned, byId(DOORS)).map((d) => d.id)).toEqual(['d', 'c']);
    expect(walkFeatures({ ...walk, remaining: [] }, byId(DOORS)).features).toEqual([]);
  });

  it('reads knocks from the start of the cool-down', () => {
    expect(coolDownSince(Date.parse('2026-05-10T00:00:00Z'), 3)).toBe('2026-05-07T00:00:00.000Z');
  });
});
