import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/appClient.ts';
import { ApiError } from '../../../api/client.ts';
import { useSyncStatus } from '../../../device/DeviceProvider.tsx';
import type { AccessLevel } from '../../../domain/roles.ts';
import { temporaryPassword } from '../utils/temporaryPassword.ts';

export interface NewUser {
  name: string;
  email: string;
  phone: string;
  access_level: AccessLevel;
  start_date: string;
}

/** A user just added: shown once with the temporary password they sign in with. */
export interface AddedUser {
  name: string;
  email: string;
  password: string;
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

  async function add(user: NewUser): Promise<string | undefined> {
    if (!online || !navigator.onLine) return t('admin.users.needsConnection');
    const password = temporaryPassword();
    setSaving(true);
    try {
      await api.request('/api/v2/users/add', {
        method: 'POST',
        body: {
          name: user.name.trim(),
          email: user.email.trim(),
          phone: user.phone.trim(),
          access_level: user.access_level,
          start_date: user.start_date || null,
          password,
        },
      });
      notifications.show({ title: t('admin.users.added'), message: user.name.trim() });
      setAdded({ name: user.name.trim(), email: user.email.trim(), password });
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
