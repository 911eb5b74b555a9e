import { describe, expect, it } from 'vitest';
import { type Membership, membersByTeam, moveMember, setTeamRole } from './teamMoves.ts';

const a = 'team-a';
const b = 'team-b';
const c = 'team-c';

describe('team manager changes', () => {
  it('moves someone between teams as a Member, keeping their other teams', () => {
    const teams: Membership[] = [
      { id: a, role: 'Leader' },
      { id: c, role: 'Manager' },
    ];
    expect(moveMember(teams, a, b)).toEqual([
      { id: c, role: 'Manager' },
      { id: b, role: 'Member' },
    ]);
  });

  it('adds someone on no team, takes someone out of a team, and keeps a role when moved onto a team they are in', () => {
    expect(moveMember([], null, a)).toEqual([{ id: a, role: 'Member' }]);
    expect(moveMember([{ id: a, role: 'Member' }], a, null)).toEqual([]);
    expect(
      moveMember(
        [
          { id: a, role: 'Member' },
          { id: b, role: 'Leader' },
        ],
        a,
        b,
      ),
    ).toEqual([{ id: b, role: 'Leader' }]);
  });

  it('sets a role in one team only', () => {
    expect(
      setTeamRole(
        [
          { id: a, role: 'Member' },
          { id: b, role: 'Member' },
        ],
        b,
        'Manager',
      ),
    ).toEqual([
      { id: a, role: 'Member' },
      { id: b, role: 'Manager' },
    ]);
  });

  it('groups people by team, with those on none apart', () => {
    const users = [
      { _id: 'u1', teams: [{ id: a, role: 'Leader' as const }] },
      { _id: 'u2', teams: [] },
      {
        _id: 'u3',
        teams: [
          { id: a, role: 'Member' as const },
          { id: b, role: 'Member' as const },
        ],
      },
    ];
    const byTeam = membersByTeam(users);
    expect(byTeam.get(a)?.map((m) => [m.user._id, m.role])).toEqual([
      ['u1', 'Leader'],
      ['u3', 'Member'],
    ]);
    expect(byTeam.get('')?.map((m) => m.user._id)).toEqual(['u2']);
    expect(byTeam.get(b)?.map((m) => m.user._id)).toEqual(['u3']);
  });
});
