import { describe, expect, it } from 'vitest';
import type { LeadRow } from '#src/db/rows.ts';
import { testActor } from '#tests/support/actors.ts';
import { type LassoArea, lassoAreaOf, pinsInArea } from './lassoArea.ts';
import { lassoSelection } from './lassoSelection.ts';

/** A square lasso from (0,0) to (10,10). */
const SQUARE: LassoArea = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ],
  ],
};
/** An L: the square without its top-right quarter. */
const ELL: LassoArea = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [10, 0],
      [10, 5],
      [5, 5],
      [5, 10],
      [0, 10],
      [0, 0],
    ],
  ],
};
/** A figure eight: two loops crossing at (5,5). */
const EIGHT: LassoArea = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [10, 10],
      [10, 0],
      [0, 10],
      [0, 0],
    ],
  ],
};
const pin = (_id: string, lng: number | null, lat: number | null) => ({ _id, lng, lat });

describe('the pins a lasso takes', () => {
  it.each([
    { why: 'a pin well inside', area: SQUARE, at: [5, 5], inside: true },
    { why: 'a pin on the edge', area: SQUARE, at: [10, 5], inside: true },
    { why: 'a pin on a corner', area: SQUARE, at: [0, 0], inside: true },
    { why: 'a pin just outside', area: SQUARE, at: [10.0001, 5], inside: false },
    { why: 'a pin far away', area: SQUARE, at: [-112, 33], inside: false },
    { why: "a pin in the L's arm", area: ELL, at: [2, 8], inside: true },
    { why: "a pin in the L's cut-out corner (inside its box)", area: ELL, at: [8, 8], inside: false },
    { why: "a pin in a figure eight's left loop", area: EIGHT, at: [2, 5], inside: true },
    { why: "a pin in a figure eight's bottom gap", area: EIGHT, at: [5, 2], inside: false },
  ])('$why: inside $inside', ({ area, at, inside }) => {
    expect(pinsInArea([pin('p', at[0] as number, at[1] as number)], area)).toEqual(inside ? ['p'] : []);
  });

  it('leaves out pins without a position and keeps the order given', () => {
    const pins = [
      pin('c', 3, 3),
      pin('nowhere', null, null),
      pin('half', 5, null),
      pin('a', 1, 1),
      pin('out', 20, 1),
    ];
    expect(pinsInArea(pins, SQUARE)).toEqual(['c', 'a']);
  });
});

describe('a drawing as a lasso', () => {
  it.each([
    { why: 'a closed square', drawn: SQUARE, area: SQUARE },
    {
      why: 'an open ring, closed',
      drawn: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [10, 0],
            [10, 10],
            [0, 10],
          ],
        ],
      },
      area: SQUARE,
    },
    {
      why: 'a tap (one point)',
      drawn: {
        type: 'Polygon',
        coordinates: [
          [
            [1, 1],
            [1, 1],
            [1, 1],
          ],
        ],
      },
      area: undefined,
    },
    {
      why: 'two points',
      drawn: {
        type: 'Polygon',
        coordinates: [
          [
            [1, 1],
            [2, 2],
            [1, 1],
          ],
        ],
      },
      area: undefined,
    },
    {
      why: 'a line',
      drawn: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
          [2, 0],
        ],
      },
      area: undefined,
    },
    { why: 'no coordinates', drawn: { type: 'Polygon', coordinates: [] }, area: undefined },
    {
      why: 'a broken position',
      drawn: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 'x'],
            [2, 0],
          ],
        ],
      },
      area: undefined,
    },
    { why: 'nothing', drawn: null, area: undefined },
  ])('$why', ({ drawn, area }) => {
    expect(lassoAreaOf(drawn)).toEqual(area);
  });
});

describe('the leads of a lasso that may be reassigned', () => {
  const lead = (_id: string, fields: Partial<LeadRow> = {}): LeadRow =>
    ({ _id, energy_consultants: [], ...fields }) as LeadRow;
  const mine = lead('mine', { owner_id: 'me' });
  const member = lead('member', { owner_id: 'mia' });
  const teams = lead('team', { owner_id: 'other', team_id: 'east' });
  const stranger = lead('stranger', { owner_id: 'sam', team_id: 'west' });
  const unowned = lead('unowned');
  const deleted = lead('deleted', { owner_id: 'mia', deleted_at: '2025-01-01T00:00:00Z' });
  const all = [mine, member, teams, stranger, unowned, deleted, undefined];
  const manager = testActor('Manager', {
    team_ids: ['east'],
    managed_team_ids: ['east'],
    managed_member_ids: ['me', 'mia'],
  });

  it.each([
    {
      who: 'a manager: their own, their members’ and their team’s leads',
      actor: manager,
      expected: { assignable: ['mine', 'member', 'team'], refused: 2 },
    },
    {
      who: 'an admin: every lead of the org',
      actor: testActor('Admin'),
      expected: { assignable: ['mine', 'member', 'team', 'stranger', 'unowned'], refused: 0 },
    },
    {
      who: 'a rep: none, not even their own',
      actor: testActor('User', { team_ids: ['east'] }),
      expected: { assignable: [], refused: 5 },
    },
    {
      who: 'a rep whose role grants editing and deleting every lead: still none (assigning is not grantable)',
      actor: testActor('User', { granted: ['contacts.edit', 'contacts.delete'] }),
      expected: { assignable: [], refused: 5 },
    },
  ])('$who', ({ actor, expected }) => {
    expect(lassoSelection(actor, all)).toEqual(expected);
  });
});
