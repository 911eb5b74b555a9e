import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROLE_NAME_MAX } from '#src/domain/schemas/roles.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import { type SavedRole, useRoleAdmin } from '../hooks/useRoleAdmin.ts';
import { PermissionChecklist } from './PermissionChecklist.tsx';
import { ROLES_PATH } from './RolesSection.tsx';

/**
 * A named role's name and permissions, saved on the server; an existing role may be deleted after
 * a confirmation. A refused or failed save shows why and keeps what was typed.
 */
export function RoleForm({ role }: { role?: SavedRole | undefined }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const admin = useRoleAdmin();
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const saved = await admin.save({ id: role?.id, name, permissions });
    if ('error' in saved) return setError(saved.error);
    setError(undefined);
    if (!role) navigate(`${ROLES_PATH}/${saved.id}`, { replace: true, state: { saved } });
  }

  async function remove() {
    if (!role) return;
    const done = await admin.remove(role);
    setConfirming(false);
    if ('error' in done) return setError(done.error);
    navigate(ROLES_PATH);
  }

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {role ? t('roles.editTitle', { name: role.name }) : t('roles.newTitle')}
      </Title>
      {error && (
        <Alert color="red" role="alert" title={t('roles.notSaved')}>
          {error}
        </Alert>
      )}
      <form onSubmit={(e) => void save(e)} aria-label={t('roles.permissionsTitle')}>
        <Stack gap="md">
          <TextInput
            label={t('roles.name')}
            required
            maxLength={ROLE_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Title order={2} size="h4">
            {t('roles.permissionsTitle')}
          </Title>
          <PermissionChecklist value={permissions} onChange={setPermissions} />
          <Group justify="space-between">
            {role ? (
              <Button color="red" variant="outline" onClick={() => setConfirming(true)} disabled={admin.busy}>
                {t('roles.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={admin.busy}>
              {t('roles.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        title={t('roles.deleteTitle', { name: role?.name ?? '' })}
        message={t('roles.deleteExplained')}
        confirmLabel={t('roles.delete')}
        busy={admin.busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
