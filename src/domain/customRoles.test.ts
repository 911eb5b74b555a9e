import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_EQUIVALENT_ACTION,
  actsAsAdmin,
  grantedActions,
  isAdminEquivalentGrant,
  roleNameKey,
  unknownRoleIds,
} from './customRoles.ts';
import {
  ACTIONS,
  type Actor,
  type ContactFacts,
  canOnContact,
  canOnUser,
  GRANTABLE_ACTIONS,
  PERMISSIONS,
  scopeCovers,
  scopeOf,
} from './permissions.ts';
import { ACCESS_LEVELS } from './roles.ts';

const roles = [
  { id: 100, org_id: 6, permissions: ['teams.manage', 'contacts.read'] },
  { id: 101, org_id: 6, permissions: ['roles.manage', 'users.read', 'nonsense', 'views.global'] },
  { id: 102, org_id: 6, permissions: ['users.manage'], deleted_at: '2026-01-01T00:00:00Z' },
  { id: 100, org_id: 7, permissions: ['users.manage'] },
];

describe('named roles', () => {
  it.each([
    ['own org roles only', [100], 6, ['contacts.read', 'teams.manage']],
    ['never non-grantable actions', [101], 6, ['views.global']],
    ['nothing from a deleted role', [102], 6, []],
    ['the same id means another role in another org', [100], 7, ['users.manage']],
    ['built-in ids grant nothing here', [1, 3, 10], 6, []],
  ] as const)('grants %s', (_, held, org, expected) => {
    expect(grantedActions(held, roles, org)).toEqual(expected);
  });

  it.each([
    ['built-in ids', [1, 3, 4, 10], [], []],
    ['a live role of the org', [100], [], []],
    ['a deleted role', [102], [], [102]],
    ['an id only another org has', [103], [], [103]],
    ['ids between the built-in ones', [2, 5], [], [2, 5]],
    ['an unknown id already held', [999], [999], []],
  ] as const)('finds unknown ids: %s', (_, wanted, held, expected) => {
    expect(unknownRoleIds(wanted, held, roles, 6)).toEqual(expected);
  });

  it.each([
    [{ access_level: 'Admin', roles: [] }, true],
    [{ access_level: 'user', roles: [1] }, true],
    [{ access_level: 'User', roles: [100] }, true],
    [{ access_level: 'Manager', roles: [3, 101] }, false],
  ])('counts %o as an admin: %s', (user, expected) => {
    expect(actsAsAdmin(user, new Set([100]))).toBe(expected);
  });

  it('compares names without case or extra spaces', () => {
    expect(roleNameKey('  Field   Leads ')).toBe(roleNameKey('field leads'));
  });
});

const actorArb = fc.record({
  user_id: fc.constantFrom('me', 'rep2'),
  org_id: fc.constantFrom(6, 7),
  level: fc.constantFrom(...ACCESS_LEVELS),
  super_admin: fc.constant(false),
  team_ids: fc.subarray(['teamA', 'teamB']),
  managed_team_ids: fc.subarray(['teamA', 'teamB']),
  region_ids: fc.subarray(['regionA', 'regionB']),
  managed_member_ids: fc.subarray(['rep2', 'rep3']),
}) satisfies fc.Arbitrary<Actor>;
const grantsArb = fc.subarray([...ACTIONS]);
const contactArb = fc.record({
  org_id: fc.constantFrom(6, 7, 8),
  owner_id: fc.constantFrom('me', 'rep2', 'rep3', null),
  energy_consultants: fc.subarray(['me', 'rep2']),
  team_id: fc.constantFrom('teamA', 'teamB', null),
  region_id: fc.constantFrom('regionA', 'regionB', null),
}) satisfies fc.Arbitrary<ContactFacts>;

describe('grants in the permission rules (property)', () => {
  it('never reduce a scope, and widen only grantable actions, to org', () => {
    fc.assert(
      fc.property(actorArb, grantsArb, (actor, granted) => {
        const withGrants = { ...actor, granted };
        for (const action of ACTIONS) {
          const before = scopeOf(actor, action);
          const after = scopeOf(withGrants, action);
          expect(scopeCovers(after, before)).toBe(true);
          const widened = granted.includes(action) && GRANTABLE_ACTIONS.includes(action as never);
          expect(after).toBe(widened ? 'org' : PERMISSIONS[action][actor.level]);
        }
      }),
    );
  });

  it('never reach a contact or a user of another org', () => {
    fc.assert(
      fc.property(actorArb, grantsArb, contactArb, (actor, granted, contact) => {
        const withGrants = { ...actor, granted };
        fc.pre(contact.org_id !== actor.org_id);
        for (const action of ACTIONS) {
          expect(canOnContact(withGrants, action, contact)).toBe(false);
          expect(canOnUser(withGrants, action, { id: 'rep2', org_id: contact.org_id })).toBe(false);
        }
      }),
    );
  });
});

describe('admin-equivalent grants', () => {
  it('mark the grants that reach beyond a level, and only grantable ones', () => {
    expect(GRANTABLE_ACTIONS.filter(isAdminEquivalentGrant).sort()).toEqual([
      'integrations.manage',
      'regions.manage',
      'teams.manage',
      'teams.membership',
      'users.manage',
    ]);
    expect(isAdminEquivalentGrant(ADMIN_EQUIVALENT_ACTION)).toBe(true);
    // An automation acts as its author, so managing them reaches no further than the author's level.
    expect(isAdminEquivalentGrant('automations.manage')).toBe(false);
    expect(isAdminEquivalentGrant('roles.manage')).toBe(false);
  });
});
