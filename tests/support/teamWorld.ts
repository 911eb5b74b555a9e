/**
 * Screen-test rows of a manager's team: the team the signed-in manager leads with one member, a
 * stranger on no team of theirs, and leads the member owns. Tests add what else they need.
 */
import { DEFAULT_ORG_ID } from '#src/domain/roles.ts';

export type Row = { _id: string } & Record<string, unknown>;

export const MEMBER = '0190a0b0-0000-7000-8000-0000000000a2';
export const STRANGER = '0190a0b0-0000-7000-8000-0000000000a3';
export const TEAM = '0190a0b0-0000-7000-8000-0000000000c1';

let users = 0;
/** A new signed-in user's id: each screen's device database is named by its user, so it starts empty. */
export function nextUserId(): string {
  users += 1;
  return `0190a0b0-0000-7000-8000-0000000001${String(users).padStart(2, '0')}`;
}

/** An active user of the org. */
export const person = (_id: string, name: string, extra: Record<string, unknown> = {}): Row => ({
  _id,
  version: 1,
  org_id: DEFAULT_ORG_ID,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@test.local`,
  status: true,
  active: true,
  ...extra,
});

/** The n-th lead (1–9) of the team, owned by its member, its owner at field version 4. */
export const teamLead = (n: number, name: string, extra: Record<string, unknown> = {}): Row => ({
  _id: `0190a0b0-0000-7000-8000-0000000000b${n}`,
  version: 5,
  name,
  address: `${n} Elm St, Mesa, AZ 85201`,
  coordinates: [-111.8, 33.4 + n / 1000],
  owner_id: MEMBER,
  team_id: TEAM,
  energy_consultants: [],
  deleted_at: null,
  field_versions: { owner_id: 4 },
  ...extra,
});

/** TEAM ('East'), led by `manager`, with MEMBER on it. */
export const managedTeam = (manager: string): { teams: Row[]; team_members: Row[] } => ({
  teams: [{ _id: TEAM, version: 1, org_id: DEFAULT_ORG_ID, name: 'East', leader_id: manager }],
  team_members: [
    { _id: '0190a0b0-0000-7000-8000-0000000000d1', team_id: TEAM, user_id: manager, role: 'Leader' },
    { _id: '0190a0b0-0000-7000-8000-0000000000d2', team_id: TEAM, user_id: MEMBER, role: 'Member' },
  ].map((row) => ({ ...row, version: 1, org_id: DEFAULT_ORG_ID })),
});
