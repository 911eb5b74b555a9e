import { describe, expect, it } from 'vitest';
import { activityConcerns, type FeedScope } from './activityFeed.ts';

const team: FeedScope = {
  teamIds: new Set(['t1']),
  memberIds: new Set(['u1', 'u2']),
  leadIds: new Set(['l1']),
};
const region: FeedScope = {
  teamIds: new Set(['t1']),
  memberIds: new Set(),
  leadIds: new Set(['l9']),
  regionId: 'r1',
};

describe('activityConcerns', () => {
  it.each([
    ['a member added to the team', { type: 'added_to_team', team_id: 't1', user_refs: ['u3'] }, true],
    ['something a member did', { actor_id: 'u2', lead_refs: ['elsewhere'] }, true],
    ['something done to a member', { actor_id: 'x', user_refs: ['u1'] }, true],
    ["a change to the team's contact", { actor_id: 'x', lead_refs: ['l1'] }, true],
    [
      'another team, people and contacts',
      { team_id: 't2', actor_id: 'x', user_refs: ['y'], lead_refs: ['l2'] },
      false,
    ],
    ['malformed references', { lead_refs: 'l1', user_refs: [1, null] }, false],
  ])('team feed: %s', (_, activity, expected) => {
    expect(activityConcerns(activity, team)).toBe(expected);
  });

  it.each([
    ['a team moved into the region', { type: 'team_to_region', team_id: 't5', region_id: 'r1' }, true],
    [
      'a team moved out of the region',
      { type: 'team_to_region', team_id: 't5', region_id: 'r2', from_region_id: 'r1' },
      true,
    ],
    ["one of the region's teams", { team_id: 't1' }, true],
    ['a contact in the region', { lead_refs: ['l9'] }, true],
    ['elsewhere', { lead_refs: ['l1'], region_id: 'r2' }, false],
  ])('region feed: %s', (_, activity, expected) => {
    expect(activityConcerns(activity, region)).toBe(expected);
  });
});
