import { Alert, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_LEVELS, type AccessLevel } from '../../../domain/roles.ts';
import type { NewUser } from '../hooks/useAddUser.ts';

const EMPTY: NewUser = { name: '', email: '', phone: '', access_level: 'User', start_date: '' };

/**
 * The new user's details. What was typed stays in the form until the user is added: a refusal or
 * a lost connection shows its reason above the fields and loses nothing.
 */
export function AddUserForm({
  saving,
  onAdd,
}: {
  saving: boolean;
  /** Answers the reason the user was not added, or nothing when they were. */
  onAdd: (user: NewUser) => Promise<string | undefined>;
}) {
  const { t } = useTranslation();
  const [user, setUser] = useState<NewUser>(EMPTY);
  const [error, setError] = useState<string>();
  const set = (patch: Partial<NewUser>) => setUser((u) => ({ ...u, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reason = await onAdd(user);
    setError(reason);
    if (!reason) setUser(EMPTY);
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t('admin.users.addTitle')}>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert" title={t('admin.users.notAdded')}>
            {error}
          </Alert>
        )}
        <TextInput
          label={t('admin.users.name')}
          required
          value={user.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <TextInput
          label={t('admin.users.email')}
          type="email"
          required
          value={user.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
        />
        <TextInput
          label={t('admin.users.phone')}
          type="tel"
          value={user.phone}
          onChange={(e) => set({ phone: e.currentTarget.value })}
        />
        <NativeSelect
          label={t('admin.users.accessLevel')}
          value={user.access_level}
          onChange={(e) => set({ access_level: e.currentTarget.value as AccessLevel })}
          data={ACCESS_LEVELS.map((level) => ({ value: level, label: t(`admin.users.levels.${level}`) }))}
        />
        <TextInput
          label={t('admin.users.startDate')}
          type="date"
          value={user.start_date}
          onChange={(e) => set({ start_date: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('admin.users.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
