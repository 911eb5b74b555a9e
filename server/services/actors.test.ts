import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  type ContactFacts,
  can,
  canExportLeads,
  contactInScope,
  type Scope,
  scopeOf,
} from '#src/domain/permissions.ts';
import { SYSTEM_USER_ID, systemActor } from './actors.ts';

const system = systemActor(7);

/** Everything the system may reach through the permission table; every other action is 'none'. */
const SYSTEM_MAY: Partial<Record<Action, Scope>> = {
  'users.read': 'self',
  'users.edit': 'self',
  'notifications.read': 'self',
  'logs.write': 'self',
  'announcements.read': 'org',
  'legal.read': 'org',
};

const contact = (org_id: number): ContactFacts => ({
  org_id,
  owner_id: SYSTEM_USER_ID,
  energy_consultants: [],
  team_id: null,
  region_id: null,
});

describe('the system actor', () => {
  it('is the org itself: the nil id, that org, no super admin, no team, region or named role', () => {
    expect(system).toEqual({
      user_id: '00000000-0000-0000-0000-000000000000',
      org_id: 7,
      level: 'Guest',
      super_admin: false,
      team_ids: [],
      managed_team_ids: [],
      region_ids: [],
      managed_member_ids: [],
    });
    expect(systemActor(8).org_id).toBe(8);
  });

  it.each(ACTIONS.map((action) => ({ action, scope: SYSTEM_MAY[action] ?? 'none' })))(
    '$action reaches $scope',
    ({ action, scope }) => {
      expect(scopeOf(system, action)).toBe(scope);
      expect(can(system, action)).toBe(scope !== 'none');
    },
  );

  it.each([
    { what: 'a contact of its org, even one it would own', facts: contact(7) },
    { what: 'a contact of another org', facts: contact(8) },
  ])('reaches no contact through the table: $what', ({ facts }) => {
    expect(contactInScope(system, scopeOf(system, 'contacts.read'), facts)).toBe(false);
    expect(contactInScope(system, scopeOf(system, 'contacts.edit'), facts)).toBe(false);
  });

  it('never reaches another org, whatever scope it is given', () => {
    for (const scope of ['self', 'owned', 'assigned', 'managed', 'org'] as const)
      expect(contactInScope(system, scope, contact(8))).toBe(false);
  });

  it('sends no leads out of the app', () => {
    expect(canExportLeads(system)).toBe(false);
  });
});
