import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { invitePath } from '#src/domain/invites.ts';
import { showToast, toastError } from '#src/ui/toasts.tsx';
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
 * offline it says so and the form keeps what was typed). A failure is the spec's red toast; answers
 * its reason, if any.
 */
export function useAddUser() {
  const { t } = useTranslation('admin');
  const [added, setAdded] = useState<AddedUser>();
  const action = useServerAction({
    offline: t('admin.users.needsConnection'),
    failed: t('admin.users.addError'),
  });

  async function add(user: NewUser, productKey: (id: string) => string): Promise<string | undefined> {
    const password = user.sign_in === 'password' ? temporaryPassword() : undefined;
    const outcome = await action.run(() =>
      api.request<{ invite_token: string | null }>('/api/v2/users/add', {
        method: 'POST',
        body: newUserBody(user, productKey, password),
      }),
    );
    if (!outcome.ok) {
      // The spec's red toast, the server's reason (or the connection it needs) under it.
      toastError(t('admin.users.addError'), outcome.error);
      return outcome.error;
    }
    const name = user.name.trim();
    showToast({ title: t('admin.users.added'), message: name });
    const token = outcome.value.invite_token;
    const inviteUrl = token ? new URL(invitePath(token), window.location.origin).href : undefined;
    setAdded({ name, email: user.email.trim(), password, inviteUrl });
    return undefined;
  }

  return { add, saving: action.busy, added, dismissAdded: () => setAdded(undefined) };
}
