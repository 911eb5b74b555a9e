/**
 * The user manager's edit of one user: what the form holds, and the change it sends — the name,
 * phone and access level always, role ids, teams and region only when changed, so an edit of
 * other fields never touches them.
 */
import type { AccessLevel, TeamRole } from '#src/domain/roles.ts';

export interface Membership {
  id: string;
  role: TeamRole;
}

/** What the edit form holds. */
export interface UserEditForm {
  name: string;
  phone: string;
  access_level: AccessLevel;
  roles: number[];
  teams: Membership[];
  region_id: string | null;
}

/** What the user holds now, as the server answered them. */
export interface HeldUser {
  roles?: number[] | undefined;
  teams?: readonly { id: string; role: string }[] | undefined;
  region_id?: string | null | undefined;
}

export interface UserEdit {
  kind: 'edit';
  name: string;
  phone: string;
  access_level: AccessLevel;
  roles?: number[];
  teams?: Membership[];
  region_id?: string | null;
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The form a user's edit starts from. */
export function editFormOf(user: HeldUser & { name: string; phone?: string; access_level: AccessLevel }) {
  return {
    name: user.name,
    phone: user.phone ?? '',
    access_level: user.access_level,
    roles: user.roles ?? [],
    teams: (user.teams ?? []).map((m) => ({ id: m.id, role: m.role as TeamRole })),
    region_id: user.region_id ?? null,
  } satisfies UserEditForm;
}

/** The edit to send for what the form now holds. */
export function userEdit(held: HeldUser, form: UserEditForm): UserEdit {
  const edit: UserEdit = {
    kind: 'edit',
    name: form.name,
    phone: form.phone,
    access_level: form.access_level,
  };
  if (!sameSet(form.roles, held.roles ?? [])) edit.roles = form.roles;
  const key = (m: { id: string; role: string }) => `${m.id}:${m.role}`;
  if (!sameSet(form.teams.map(key), (held.teams ?? []).map(key))) edit.teams = form.teams;
  if (form.region_id !== (held.region_id ?? null)) edit.region_id = form.region_id;
  return edit;
}
