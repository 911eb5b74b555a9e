import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/appClient.ts';
import { ApiError } from '../../../api/client.ts';
import { useSyncStatus } from '../../../device/DeviceProvider.tsx';
import { invitePath } from '../../../domain/invites.ts';
import { showToast } from '../../../ui/toasts.tsx';
import { type NewUser, newUserBody } from '../utils/newUserBody.ts';
import { temporaryPassword } from '../utils/temporaryPassword.ts';

export type { NewUser } from '../utils/newUserBody.ts';

/** A user just added: shown once with the temporary password or the invite link they sign in with. */
export interface AddedUser {
  name: string;
  email: string;
  password?: string;
  inviteUrl?: string;
}

/**
 * Adds a user on the server (a password is never queued on a device, so this needs a connection;
 * offline it says so and the form keeps what was typed). Answers the error to show, if any.
 */
export function useAddUser() {
  const { t } = useTranslation();
  const online = useSyncStatus().online;
  const [added, setAdded] = useState<AddedUser>();
  const [saving, setSaving] = useState(false);

  async function add(user: NewUser, productKey: (id: string) => string): Promise<string | undefined> {
    if (!online || !navigator.onLine) return t('admin.users.needsConnection');
    const password = user.sign_in === 'password' ? temporaryPassword() : undefined;
    const body = newUserBody(user, productKey, password);
    setSaving(true);
    try {
      const answer = await api.request<{ invite_token: string | null }>('/api/v2/users/add', {
        method: 'POST',
        body,
      });
      const name = user.name.trim();
      showToast({ title: t('admin.users.added'), message: name });
      const inviteUrl = answer.invite_token
        ? new URL(invitePath(answer.invite_token), window.location.origin).href
        : undefined;
      setAdded({ name, email: user.email.trim(), password, inviteUrl });
      return undefined;
    } catch (err) {
      // The server's own words for what it refused (a taken email, a field it will not accept).
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) return err.message;
      // No answer at all: the connection dropped on the way.
      if (!(err instanceof ApiError)) return t('admin.users.needsConnection');
      return t('admin.users.addError');
    } finally {
      setSaving(false);
    }
  }

  return { add, saving, added, dismissAdded: () => setAdded(undefined) };
}
