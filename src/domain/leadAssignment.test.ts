import { describe, expect, it } from 'vitest';
import { testActor } from '#tests/support/actors.ts';
import {
  type AssigneeFacts,
  canReassignLeads,
  isActiveUser,
  mayAssignTo,
  type ReassignRefusal,
  reassignRefusal,
} from './leadAssignment.ts';
import type { ContactFacts } from './permissions.ts';

const lead = (extra: Partial<ContactFacts> = {}): ContactFacts => ({
  org_id: 6,
  owner_id: 'rep1',
  energy_consultants: [],
  team_id: 'teamA',
  region_id: null,
  ...extra,
});
const user = (id: string, extra: Partial<AssigneeFacts> = {}): AssigneeFacts => ({
  id,
  org_id: 6,
  active: true,
  ...extra,
});

const rep = testActor('User', { user_id: 'rep1', team_ids: ['teamA'] });
const guest = testActor('Guest');
const manager = testActor('Manager', {
  team_ids: ['teamA'],
  managed_team_ids: ['teamA'],
  managed_member_ids: ['rep1', 'rep2'],
});
const admin = testActor('Admin');
const otherOrgAdmin = testActor('Admin', { org_id: 7 });

describe('who may reassign which lead to whom', () => {
  it.each<
    [string, ReturnType<typeof testActor>, ContactFacts, AssigneeFacts | undefined, ReassignRefusal | null]
  >([
    ['a rep, even their own lead', rep, lead(), user('rep2'), 'not_allowed'],
    ['a guest', guest, lead(), user('rep2'), 'not_allowed'],
    ['a manager, a lead of their team to a member', manager, lead(), user('rep2'), null],
    ['a manager, to themselves', manager, lead(), user('me'), null],
    [
      'a manager, a lead owned by a member on another team',
      manager,
      lead({ team_id: 'teamZ' }),
      user('rep2'),
      null,
    ],
    [
      'a manager, a lead outside their teams',
      manager,
      lead({ team_id: 'teamZ', owner_id: 'stranger' }),
      user('rep2'),
      'lead_out_of_reach',
    ],
    ['a manager, to someone outside their teams', manager, lead(), user('stranger'), 'user_out_of_reach'],
    ['a manager, to a deactivated member', manager, lead(), user('rep2', { active: false }), 'inactive_user'],
    ['an admin, any lead to anyone of the org', admin, lead({ team_id: null }), user('stranger'), null],
    ['an admin, to an unknown user', admin, lead(), undefined, 'inactive_user'],
    ['an admin, to a user of another org', admin, lead(), user('x', { org_id: 7 }), 'inactive_user'],
    ['an admin, a lead of another org', otherOrgAdmin, lead(), user('x', { org_id: 7 }), 'lead_out_of_reach'],
    [
      'a rep whose role grants contacts.assign? (not grantable: still no)',
      testActor('User', { granted: ['contacts.assign'] }),
      lead(),
      user('rep2'),
      'not_allowed',
    ],
  ])('%s', (_, actor, facts, target, expected) => {
    expect(reassignRefusal(actor, facts, target)).toBe(expected);
  });

  it.each([
    ['rep', rep, false],
    ['guest', guest, false],
    ['manager', manager, true],
    ['admin', admin, true],
  ])('shows the controls to a %s: %s', (_, actor, expected) => {
    expect(canReassignLeads(actor)).toBe(expected);
  });

  it.each([
    ['a manager, a member', manager, user('rep1'), true],
    ['a manager, a stranger', manager, user('stranger'), false],
    ['an admin, an inactive user', admin, user('x', { active: false }), false],
    ['an admin, another org', admin, user('x', { org_id: 9 }), false],
    ['a rep, themselves', rep, user('rep1'), false],
  ])('offers as owner: %s', (_, actor, target, expected) => {
    expect(mayAssignTo(actor, target)).toBe(expected);
  });

  it.each([
    [{}, true],
    [{ status: true, active: true, deleted_at: null }, true],
    [{ status: false }, false],
    [{ active: false }, false],
    [{ deleted_at: '2026-01-01T00:00:00Z' }, false],
  ])('active user %j: %s', (row, expected) => {
    expect(isActiveUser(row)).toBe(expected);
  });
});
