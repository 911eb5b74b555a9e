import { Alert, Button, Code, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCESS_LEVELS, type AccessLevel } from '#src/domain/roles.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import { RegionSelector } from '#src/ui/selectors/RegionSelector.tsx';
import { UserRoleSelect } from '#src/ui/selectors/UserRoleSelect.tsx';
import type { ManagedUser, UserChange } from '../hooks/useUserAdmin.ts';
import { temporaryPassword } from '../utils/temporaryPassword.ts';
import { editFormOf, type UserEditForm, userEdit } from '../utils/userEdit.ts';
import { TeamRolesInput } from './TeamRolesInput.tsx';

/**
 * One user's details to change, and their soft delete (asked twice) or restore. A refused or
 * failed change keeps what was typed (its toast says why).
 */
export function EditUserPanel({
  user,
  busy,
  onChange,
}: {
  user: ManagedUser;
  busy: boolean;
  /** Answers the reason the change was not made, or nothing when it was. */
  onChange: (change: UserChange) => Promise<string | undefined>;
}) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState<UserEditForm>(() => editFormOf(user));
  const set = (patch: Partial<UserEditForm>) => setForm((f) => ({ ...f, ...patch }));
  const [confirming, setConfirming] = useState(false);
  const [newPassword, setNewPassword] = useState<string>();

  async function run(change: UserChange) {
    await onChange(change);
    setConfirming(false);
  }

  async function resetPassword() {
    const password = temporaryPassword();
    const reason = await onChange({ kind: 'resetPassword', password });
    if (!reason) setNewPassword(password);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    // Role ids, teams and region go only when changed, so an edit of other fields never touches them.
    void run(userEdit(user, form));
  }

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('admin.users.editing', { name: user.name })}
      </Title>
      {newPassword && (
        <Alert color="green" role="status" title={t('admin.users.passwordReset')}>
          <Text size="sm">{t('admin.users.newPasswordOnce', { email: user.email })}</Text>
          <Code aria-label={t('admin.users.temporaryPassword')} fz="md">
            {newPassword}
          </Code>
        </Alert>
      )}
      {user.status ? (
        <form onSubmit={save} aria-label={t('admin.users.editTitle')}>
          <Stack gap="sm">
            <TextInput
              label={t('admin.users.name')}
              required
              value={form.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
            <TextInput
              label={t('admin.users.phone')}
              type="tel"
              value={form.phone}
              onChange={(e) => set({ phone: e.currentTarget.value })}
            />
            <NativeSelect
              label={t('admin.users.accessLevel')}
              value={form.access_level}
              onChange={(e) => set({ access_level: e.currentTarget.value as AccessLevel })}
              data={ACCESS_LEVELS.map((l) => ({ value: l, label: t(`admin.users.levels.${l}`) }))}
            />
            <UserRoleSelect value={form.roles} onChange={(roles) => set({ roles })} />
            <TeamRolesInput value={form.teams} onChange={(teams) => set({ teams })} />
            <RegionSelector value={form.region_id} onChange={(region_id) => set({ region_id })} />
            <Group justify="space-between">
              <Group gap="xs">
                <Button color="red" variant="outline" onClick={() => setConfirming(true)} disabled={busy}>
                  {t('admin.users.delete')}
                </Button>
                <Button variant="default" onClick={() => void resetPassword()} disabled={busy}>
                  {t('admin.users.resetPassword')}
                </Button>
              </Group>
              <Button type="submit" loading={busy}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Group justify="space-between">
          <Text size="sm">{t('admin.users.isDeleted')}</Text>
          <Button onClick={() => void run({ kind: 'restore' })} loading={busy}>
            {t('admin.users.restore')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('admin.users.deleteTitle', { name: user.name })}
        message={t('admin.users.deleteExplained')}
        confirmLabel={t('admin.users.delete')}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void run({ kind: 'delete' })}
      />
    </Stack>
  );
}
