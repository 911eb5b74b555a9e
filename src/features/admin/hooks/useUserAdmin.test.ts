import { describe, expect, it } from 'vitest';
import { userEditSchema } from '#src/domain/schemas/user.ts';
import { changeBody } from './useUserAdmin.ts';

const id = '6f1c2a9e-4b1d-4c7a-9a53-0d3f4e5b6a7c';

describe('a user manager change', () => {
  it('deletes softly, restores both flags, edits only the fields shown, resets a password — each a valid users/edit', () => {
    const bodies = [
      changeBody(id, { kind: 'delete' }),
      changeBody(id, { kind: 'restore' }),
      changeBody(id, {
        kind: 'edit',
        name: '  Nora Newman ',
        phone: ' 602-555-0100 ',
        access_level: 'Manager',
      }),
      changeBody(id, { kind: 'resetPassword', password: 'Abcdefgh23456789' }),
    ];
    expect(bodies).toEqual([
      { _id: id, deleted: true },
      { _id: id, status: true, active: true },
      { _id: id, name: 'Nora Newman', phone: '602-555-0100', access_level: 'Manager' },
      { _id: id, password: 'Abcdefgh23456789' },
    ]);
    for (const body of bodies) expect(userEditSchema.safeParse(body).success).toBe(true);
  });
});
