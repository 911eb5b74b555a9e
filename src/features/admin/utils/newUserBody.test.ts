import { describe, expect, it } from 'vitest';
import { userAddSchema } from '#src/domain/schemas/user.ts';
import { EMPTY_NEW_USER, newUserBody } from './newUserBody.ts';

describe('the new user body', () => {
  const user = {
    ...EMPTY_NEW_USER,
    name: ' Nora Newman ',
    email: 'nora@example.com ',
    setter_closer: 'closer' as const,
    roles: [3],
    teams: [{ id: '0190b4a0-0000-7000-8000-000000000001', role: 'Member' as const }],
    default_products: ['p-uuid'],
    region_id: '0190b4a0-0000-7000-8000-000000000002',
  };
  const key = (id: string) => (id === 'p-uuid' ? '198' : id);

  it('sends a temporary password, or asks for an invite link, and passes the shared schema', () => {
    const withPassword = newUserBody(user, key, 'abcdefghjkmnpqrs');
    expect(withPassword).toMatchObject({
      name: 'Nora Newman',
      email: 'nora@example.com',
      setter_closer: 'closer',
      default_products: ['198'],
      password: 'abcdefghjkmnpqrs',
      start_date: null,
      teams: [{ id: '0190b4a0-0000-7000-8000-000000000001', role: 'Member' }],
      region_id: '0190b4a0-0000-7000-8000-000000000002',
    });
    expect(withPassword).not.toHaveProperty('orgs');
    expect(userAddSchema.safeParse(withPassword).success).toBe(true);
    const invited = newUserBody(
      { ...user, sign_in: 'invite', orgs: [6, 7], region_id: null },
      key,
      'abcdefghjkmnpqrs',
    );
    expect(invited).toMatchObject({ invite: true, orgs: [6, 7], region_id: null });
    expect(invited).not.toHaveProperty('password');
    expect(userAddSchema.safeParse(invited).success).toBe(true);
  });
});
