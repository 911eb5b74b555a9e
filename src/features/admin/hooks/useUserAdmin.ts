import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { serverFailure } from '#src/api/serverFailure.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import type { AccessLevel } from '#src/domain/roles.ts';
import { showToast, toastError } from '#src/ui/toasts.tsx';
import type { UserEdit } from '../utils/userEdit.ts';

/** A user as the user manager finds them on the server (deleted ones included). */
export interface ManagedUser {
  _id: string;
  name: string;
  email: string;
  phone: string;
  access_level: AccessLevel;
  status: boolean;
  /** Built-in and named role ids. */
  roles?: number[];
  /** Their teams, with their role in each. */
  teams?: { id: string; name?: string; role: string }[];
  /** The region they work in. */
  region_id?: string | null;
}

export type UserChange =
  | UserEdit
  | { kind: 'delete' }
  | { kind: 'restore' }
  /** A new temporary password (it ends the user's sessions on the server). */
  | { kind: 'resetPassword'; password: string };

/** What a change sends: the spec's soft delete is the server's `deleted`; restoring sets both flags back. */
export function changeBody(id: string, change: UserChange): Record<string, unknown> {
  if (change.kind === 'delete') return { _id: id, deleted: true };
  if (change.kind === 'restore') return { _id: id, status: true, active: true };
  if (change.kind === 'resetPassword') return { _id: id, password: change.password };
  return {
    _id: id,
    name: change.name.trim(),
    phone: change.phone.trim(),
    access_level: change.access_level,
    ...(change.roles ? { roles: change.roles } : {}),
    ...(change.teams ? { teams: change.teams } : {}),
    ...(change.region_id !== undefined ? { region_id: change.region_id } : {}),
  };
}

/**
 * Finding, editing, deleting and restoring users on the server. These are admin changes the
 * server must make (a role, a sign-in ended), so they need a connection; a failed change is the
 * spec's red toast ('There was an error editing the user…') with the server's own words under it.
 */
export function useUserAdmin() {
  const { t } = useTranslation('admin');
  const offline = t('admin.users.changeNeedsConnection');
  const action = useServerAction({ offline, failed: t('admin.users.editError') });

  async function find(q: string): Promise<{ users: ManagedUser[] } | { error: string }> {
    try {
      const answer = await api.request<{ data: ManagedUser[] }>('/api/v2/users/get', {
        query: { q: q.trim(), include_inactive: 'true', limit: 10 },
      });
      return { users: answer.data };
    } catch (err) {
      return { error: serverFailure(err, { offline, failed: t('admin.users.findError') }) };
    }
  }

  async function change(user: ManagedUser, next: UserChange): Promise<ManagedUser | { error: string }> {
    const fallback = next.kind === 'delete' ? t('admin.users.deleteError') : t('admin.users.editError');
    const outcome = await action.run(
      () =>
        api.request<{ data: ManagedUser }>('/api/v2/users/edit', {
          method: 'POST',
          body: changeBody(user._id, next),
        }),
      fallback,
    );
    if (!outcome.ok) {
      // The spec's red toast, the server's reason (or the connection it needs) under it.
      toastError(fallback, outcome.error);
      return { error: outcome.error };
    }
    const title = next.kind === 'delete' ? t('admin.users.deleted') : t('admin.users.edited');
    // The user's own record comes back without the password: it is only shown by the panel.
    showToast({ title, message: outcome.value.data.name || user.name });
    return outcome.value.data;
  }

  return { find, change, busy: action.busy };
}
