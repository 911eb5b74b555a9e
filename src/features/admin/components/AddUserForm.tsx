import { Button, Group, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_LEVELS, type AccessLevel } from '#src/domain/roles.ts';
import { useProductKeys } from '../hooks/useProductKeys.ts';
import { EMPTY_NEW_USER, type NewUser } from '../utils/newUserBody.ts';
import { NewUserAssignments } from './NewUserAssignments.tsx';

/**
 * The new user's details. What was typed stays in the form until the user is added: a refusal or
 * a lost connection (told in a toast) loses nothing.
 */
export function AddUserForm({
  saving,
  onAdd,
}: {
  saving: boolean;
  /** Answers the reason the user was not added, or nothing when they were. */
  onAdd: (user: NewUser, productKey: (id: string) => string) => Promise<string | undefined>;
}) {
  const { t } = useTranslation(['admin', 'users']);
  const products = useProductKeys();
  const [user, setUser] = useState<NewUser>(EMPTY_NEW_USER);
  // Whether the admin chose the products themself: the default is then theirs to keep or remove.
  const productsChosen = useRef(false);
  const set = (patch: Partial<NewUser>) => {
    if (patch.default_products) productsChosen.current = true;
    setUser((u) => ({ ...u, ...patch }));
  };

  // The org's default product (198) is chosen for a new user once the device has read the products.
  const defaultId = products?.defaultId;
  useEffect(() => {
    if (!defaultId || productsChosen.current) return;
    setUser((u) => (u.default_products.length ? u : { ...u, default_products: [defaultId] }));
  }, [defaultId]);
  const fresh = (): NewUser => {
    productsChosen.current = false;
    return defaultId ? { ...EMPTY_NEW_USER, default_products: [defaultId] } : EMPTY_NEW_USER;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reason = await onAdd(user, products?.keyOf ?? String);
    if (!reason) setUser(fresh());
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t('admin.users.addTitle')}>
      <Stack gap="sm">
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
        <NewUserAssignments user={user} set={set} />
        <Radio.Group
          label={t('users:userManager.signIn')}
          value={user.sign_in}
          onChange={(value) => set({ sign_in: value === 'invite' ? 'invite' : 'password' })}
        >
          <Group mt={4}>
            <Radio value="password" label={t('users:userManager.withPassword')} />
            <Radio value="invite" label={t('users:userManager.withInvite')} />
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('admin.users.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
