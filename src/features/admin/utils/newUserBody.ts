import type { AccessLevel, SetterCloserType, TeamRole } from '#src/domain/roles.ts';

/** What the add-user form holds. */
export interface NewUser {
  name: string;
  email: string;
  phone: string;
  access_level: AccessLevel;
  start_date: string;
  setter_closer: SetterCloserType | '';
  /** Numeric role ids (SPEC section 6). */
  roles: number[];
  teams: { id: string; role: TeamRole }[];
  /** The region they work in, or none. */
  region_id: string | null;
  /** Product record ids as the device's selector gives them. */
  default_products: string[];
  /** Organisations a super admin placed them in; empty: the caller's own org. */
  orgs: number[];
  sign_in: 'password' | 'invite';
}

export const EMPTY_NEW_USER: NewUser = {
  name: '',
  email: '',
  phone: '',
  access_level: 'User',
  start_date: '',
  setter_closer: '',
  roles: [],
  teams: [],
  region_id: null,
  default_products: [],
  orgs: [],
  sign_in: 'password',
};

/**
 * The users/add body of the form. Products go by the spec's numeric id where they have one (the
 * default product is 198), which is how users' default products are stored.
 */
export function newUserBody(
  user: NewUser,
  productKey: (id: string) => string,
  password: string | undefined,
): Record<string, unknown> {
  return {
    name: user.name.trim(),
    email: user.email.trim(),
    phone: user.phone.trim(),
    access_level: user.access_level,
    start_date: user.start_date || null,
    setter_closer: user.setter_closer || null,
    roles: user.roles,
    teams: user.teams,
    region_id: user.region_id,
    default_products: user.default_products.map(productKey),
    ...(user.orgs.length ? { orgs: user.orgs } : {}),
    ...(user.sign_in === 'invite' ? { invite: true } : { password }),
  };
}
