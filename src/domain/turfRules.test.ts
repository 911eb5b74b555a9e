import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testActor } from '#tests/support/actors.ts';
import type { AssigneeFacts } from './leadAssignment.ts';
import type { Actor } from './permissions.ts';
import type { AccessLevel } from './roles.ts';
import {
  canManageTurfs,
  canManageTurfsIn,
  canReadTurf,
  type DoorOwnerFacts,
  lockedTo,
  managedRegionIds,
  type TurfFacts,
  type TurfRefusal,
  turfOwnerFor,
  turfRefusal,
} from './turfRules.ts';

const rep = testActor('User', { user_id: 'rep1', team_ids: ['teamA'], region_ids: ['regionA'] });
const guest = testActor('Guest');
const manager = testActor('Manager', {
  team_ids: ['teamA'],
  managed_team_ids: ['teamA'],
  region_ids: ['regionA'],
  managed_member_ids: ['me', 'rep1', 'rep2'],
});
const admin = testActor('Admin');
const otherOrgAdmin = testActor('Admin', { org_id: 7 });

const REGIONS = [
  { id: 'regionA', manager_ids: [] },
  { id: 'regionB', manager_ids: ['me'] },
  { id: 'regionC', manager_ids: ['someone'] },
];
const TEAMS = [
  { id: 'teamA', region_id: 'regionA' },
  { id: 'teamZ', region_id: 'regionC' },
  { id: 'teamNone', region_id: null },
];
const user = (id: string, extra: Partial<AssigneeFacts> = {}): AssigneeFacts => ({
  id,
  org_id: 6,
  active: true,
  ...extra,
});
const turf = (extra: Partial<TurfFacts> = {}): TurfFacts => ({
  org_id: 6,
  user_id: 'rep1',
  region_id: 'regionA',
  ...extra,
});

describe('which regions a manager manages', () => {
  it('those naming them a manager and those of the teams they lead', () => {
    expect(managedRegionIds(manager, REGIONS, TEAMS)).toEqual(['regionA', 'regionB']);
    expect(managedRegionIds(rep, REGIONS, TEAMS)).toEqual([]);
  });
});

describe('who may cut, change and delete which turfs', () => {
  const managed = ['regionA', 'regionB'];
  it.each<[string, Actor, string, AssigneeFacts | undefined | null, TurfRefusal | null]>([
    ['an admin, any region, any active user', admin, 'regionC', user('stranger'), null],
    ['a manager, their region, a member', manager, 'regionA', user('rep2'), null],
    ['a manager, a region naming them, themselves', manager, 'regionB', user('me'), null],
    ['a manager, a region they do not manage', manager, 'regionC', user('rep2'), 'region_out_of_reach'],
    ['a manager, to someone outside their teams', manager, 'regionA', user('stranger'), 'rep_out_of_reach'],
    [
      'a manager, to a deactivated member',
      manager,
      'regionA',
      user('rep2', { active: false }),
      'inactive_rep',
    ],
    ['an admin, to a user of another org', admin, 'regionA', user('x', { org_id: 7 }), 'inactive_rep'],
    ['an admin, to no known user', admin, 'regionA', undefined, 'inactive_rep'],
    ['a manager deleting in their region', manager, 'regionA', null, null],
    ['a rep, even their own', rep, 'regionA', user('rep1'), 'not_allowed'],
    ['a guest', guest, 'regionA', null, 'not_allowed'],
  ])('%s', (_name, actor, regionId, assignee, refusal) => {
    expect(turfRefusal(actor, regionId, actor === manager ? managed : [], assignee)).toBe(refusal);
  });

  it('shows the controls to managers and admins only', () => {
    expect([guest, rep, manager, admin].map(canManageTurfs)).toEqual([false, false, true, true]);
  });
});

describe('who sees which turf', () => {
  const managed = ['regionA', 'regionB'];
  it.each<[string, Actor, TurfFacts, boolean]>([
    ['a rep, their own', rep, turf(), true],
    ['a rep, a teammate’s in their region', rep, turf({ user_id: 'rep2' }), false],
    ['a guest, even one named theirs', guest, turf({ user_id: 'me' }), false],
    ['a manager, a member’s anywhere', manager, turf({ user_id: 'rep2', region_id: 'regionC' }), true],
    ['a manager, a stranger’s in their region', manager, turf({ user_id: 'stranger' }), true],
    [
      'a manager, a stranger’s elsewhere',
      manager,
      turf({ user_id: 'stranger', region_id: 'regionC' }),
      false,
    ],
    ['an admin, any', admin, turf({ user_id: 'stranger', region_id: 'regionC' }), true],
    ['an admin of another org', otherOrgAdmin, turf(), false],
  ])('%s', (_name, actor, facts, readable) => {
    expect(canReadTurf(actor, facts, actor === manager ? managed : [])).toBe(readable);
  });

  it('never across orgs, and never more for a lower level (property)', () => {
    const ids = fc.constantFrom('me', 'rep1', 'rep2', 'stranger');
    const regions = fc.constantFrom('regionA', 'regionB', 'regionC');
    const actorArb = fc.record({
      level: fc.constantFrom<AccessLevel>('Guest', 'User', 'Manager', 'Admin'),
      managed_member_ids: fc.subarray(['rep1', 'rep2', 'stranger']),
      org_id: fc.constantFrom(6, 7),
    });
    const turfArb = fc.record({ org_id: fc.constantFrom(6, 7), user_id: fc.option(ids), region_id: regions });
    fc.assert(
      fc.property(actorArb, turfArb, fc.subarray(['regionA', 'regionB', 'regionC']), (a, t, managed) => {
        const actor = testActor(a.level, { org_id: a.org_id, managed_member_ids: a.managed_member_ids });
        const readable = canReadTurf(actor, t, managed);
        if (t.org_id !== actor.org_id) expect(readable).toBe(false);
        const lower = { Guest: 'Guest', User: 'Guest', Manager: 'User', Admin: 'Manager' } as const;
        const below = testActor(lower[a.level], {
          org_id: a.org_id,
          managed_member_ids: a.managed_member_ids,
        });
        if (canReadTurf(below, t, managed)) expect(readable).toBe(true);
        // Whoever may change a region's turfs may see them.
        if (canManageTurfsIn(actor, t.region_id, managed) && t.org_id === actor.org_id)
          expect(readable).toBe(true);
      }),
    );
  });
});

describe('locked doors', () => {
  const owners = new Map<string, DoorOwnerFacts>([
    ['rep1', { level: 'User', active: true }],
    ['gone', { level: 'User', active: false }],
    ['boss', { level: 'Manager', active: true }],
    ['admin', { level: 'Admin', active: true }],
  ]);
  it.each<[string, string | null, string | null, string | null]>([
    ['no owner: goes to the turf’s rep', null, null, 'rep2'],
    ['an active rep’s: stays', 'rep1', 'rep1', null],
    ['the turf’s own rep’s: stays', 'rep2', null, null],
    ['a deactivated rep’s: goes', 'gone', null, 'rep2'],
    ['a manager’s (an import): goes', 'boss', null, 'rep2'],
    ['an admin’s: goes', 'admin', null, 'rep2'],
    ['an unknown user’s: goes', 'ghost', null, 'rep2'],
  ])('%s', (_name, owner, locked, next) => {
    expect(lockedTo(owner, owners)).toBe(locked);
    expect(turfOwnerFor(owner, 'rep2', owners)).toBe(next);
  });

  it('never takes a door from an active field rep (property)', () => {
    const levels = fc.constantFrom<AccessLevel>('Guest', 'User', 'Manager', 'Admin');
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('a', 'b', 'c', 'd'),
          fc.record({ level: levels, active: fc.boolean() }),
        ),
        fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e')),
        fc.constantFrom('a', 'b', 'x'),
        (table, owner, repId) => {
          const owners = new Map(Object.entries(table));
          const next = turfOwnerFor(owner, repId, owners);
          const facts = owner ? owners.get(owner) : undefined;
          if (facts?.active && facts.level === 'User') expect(next).toBeNull();
          if (next !== null) expect(next).toBe(repId);
          if (owner === repId) expect(next).toBeNull();
        },
      ),
    );
  });
});
