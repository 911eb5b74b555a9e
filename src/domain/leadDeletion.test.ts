import { describe, expect, it } from 'vitest';
import { testActor } from '#tests/support/actors.ts';
import {
  canDeleteLead,
  canRestoreDeletedLeads,
  canRestoreLead,
  type DeletedLeadFacts,
  offersLeadDelete,
  UNDO_DELETE_MS,
} from './leadDeletion.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

const lead = (extra: Partial<DeletedLeadFacts> = {}): DeletedLeadFacts => ({
  org_id: 6,
  owner_id: 'rep2',
  energy_consultants: [],
  team_id: 'teamA',
  region_id: null,
  deleted_at: ago(60_000),
  updated_by: 'me',
  ...extra,
});

const rep = testActor('User', { team_ids: ['teamA'] });
const manager = testActor('Manager', { managed_team_ids: ['teamA'], team_ids: ['teamA'] });
const admin = testActor('Admin');
const granted = testActor('User', { granted: ['contacts.delete'] });

describe('who may delete a lead, and who is offered Delete', () => {
  it.each([
    ['a rep, even of their own team', rep, lead(), false, false],
    ['a rep with a role granting contacts.delete', granted, lead(), true, true],
    ['a manager of the lead’s team', manager, lead(), true, true],
    [
      'a manager of another team (offered; the server decides)',
      manager,
      lead({ team_id: 'teamZ' }),
      false,
      true,
    ],
    ['an admin', admin, lead(), true, true],
    ['an admin, for another org’s lead', admin, lead({ org_id: 7 }), false, false],
    ['a guest', testActor('Guest'), lead(), false, false],
  ])('%s', (_case, actor, facts, may, offered) => {
    expect(canDeleteLead(actor, facts)).toBe(may);
    expect(offersLeadDelete(actor, facts)).toBe(offered);
  });
});

describe('who may bring a deleted lead back', () => {
  it.each([
    [
      'an admin, any time after',
      admin,
      lead({ updated_by: 'someone', deleted_at: ago(30 * 86_400_000) }),
      true,
    ],
    ['an admin of another org', admin, lead({ org_id: 7 }), false],
    ['a lead that is not deleted', admin, lead({ deleted_at: null }), false],
    ['the manager who deleted it, soon after (Undo)', manager, lead(), true],
    [
      'the manager who deleted it, at the end of the window',
      manager,
      lead({ deleted_at: ago(UNDO_DELETE_MS) }),
      true,
    ],
    ['the manager who deleted it, too late', manager, lead({ deleted_at: ago(UNDO_DELETE_MS + 1) }), false],
    ['a manager who did not delete it', manager, lead({ updated_by: 'someone' }), false],
    ['the one who deleted it, no longer allowed to delete', rep, lead(), false],
    ['a role holder who deleted it (Undo)', granted, lead(), true],
    ['an unreadable delete time', manager, lead({ deleted_at: 'yesterday' }), false],
  ])('%s', (_case, actor, facts, expected) => {
    expect(canRestoreLead(actor, facts, NOW)).toBe(expected);
  });

  it.each([
    ['admin', admin, true],
    ['manager', manager, false],
    ['rep with contacts.delete granted', granted, false],
  ])('sees the deleted leads: %s', (_case, actor, expected) => {
    expect(canRestoreDeletedLeads(actor)).toBe(expected);
  });
});
