import { describe, expect, it } from 'vitest';
import { userEditSchema } from '#src/domain/schemas/user.ts';
import { changeBody } from '../hooks/useUserAdmin.ts';
import { editFormOf, type HeldUser, type UserEditForm, userEdit } from './userEdit.ts';

const T1 = '0190b4a0-0000-7000-8000-000000000001';
const T2 = '0190b4a0-0000-7000-8000-000000000002';
const R1 = '0190b4a0-0000-7000-8000-000000000003';
const held: HeldUser = { roles: [3], teams: [{ id: T1, role: 'Member' }], region_id: R1 };
const base = { kind: 'edit', name: 'Nora', phone: '', access_level: 'User' } as const;

describe("the user manager's edit", () => {
  const form = (patch: Partial<UserEditForm>): UserEditForm => ({
    ...editFormOf({ ...held, name: 'Nora', access_level: 'User' }),
    ...patch,
  });

  it.each([
    ['nothing changed but the shown fields', form({}), base],
    ['roles in another order', form({ roles: [3] }), base],
    ['another role', form({ roles: [3, 4] }), { ...base, roles: [3, 4] }],
    [
      'a team added',
      form({
        teams: [
          { id: T1, role: 'Member' },
          { id: T2, role: 'Member' },
        ],
      }),
      {
        ...base,
        teams: [
          { id: T1, role: 'Member' },
          { id: T2, role: 'Member' },
        ],
      },
    ],
    [
      'a team role changed',
      form({ teams: [{ id: T1, role: 'Leader' }] }),
      { ...base, teams: [{ id: T1, role: 'Leader' }] },
    ],
    ['every team left', form({ teams: [] }), { ...base, teams: [] }],
    ['the region cleared', form({ region_id: null }), { ...base, region_id: null }],
    ['another region', form({ region_id: T2 }), { ...base, region_id: T2 }],
  ])('%s', (_case, next, expected) => {
    const edit = userEdit(held, next);
    expect(edit).toEqual(expected);
    expect(userEditSchema.safeParse(changeBody(T1, edit)).success).toBe(true);
  });

  it('starts from a user without teams or region as none', () => {
    expect(editFormOf({ name: 'Nora', access_level: 'User' })).toEqual({
      name: 'Nora',
      phone: '',
      access_level: 'User',
      roles: [],
      teams: [],
      region_id: null,
    });
    expect(userEdit({}, form({ roles: [], teams: [], region_id: null }))).toEqual(base);
  });
});
