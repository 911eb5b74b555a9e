import { describe, expect, it } from 'vitest';
import type { PayDeal } from '#src/domain/pay.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { viewablePayPeople } from './payPeople.ts';

const actor = (fields: Partial<Actor>): Actor => ({
  user_id: 'me',
  org_id: 1,
  level: 'User',
  super_admin: false,
  team_ids: [],
  managed_team_ids: [],
  region_ids: [],
  managed_member_ids: [],
  ...fields,
});
const deal = (owner: string, closers: string[]): PayDeal => ({
  id: owner,
  name: owner,
  status: 'Contract Signed',
  system_size_kw: 5,
  contract_signed_date: '2026-11-01',
  owner_id: owner,
  energy_consultants: closers,
  events: [],
});
const DEALS = [deal('me', ['ana']), deal('bo', ['cy'])];

describe('viewablePayPeople', () => {
  it.each([
    ['a rep: only themselves, whoever else is on their deals', actor({}), ['me']],
    [
      'a manager: themselves and their teams’ members',
      actor({ level: 'Manager', managed_team_ids: ['t1'], managed_member_ids: ['ana', 'me', 'dee'] }),
      ['me', 'ana', 'dee'],
    ],
    ['a manager of no team: only themselves', actor({ level: 'Manager' }), ['me']],
    ['an admin: everyone on the deals', actor({ level: 'Admin' }), ['me', 'ana', 'bo', 'cy']],
  ])('%s', (_name, viewer, people) => {
    expect(viewablePayPeople(viewer, DEALS)).toEqual(people);
  });
});
