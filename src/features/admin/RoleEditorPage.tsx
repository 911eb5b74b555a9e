import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useRoles } from '#src/device/hooks/useRoles.ts';
import { can } from '#src/domain/permissions.ts';
import { RoleForm } from './components/RoleForm.tsx';
import { ROLES_PATH } from './components/RolesSection.tsx';
import type { SavedRole } from './hooks/useRoleAdmin.ts';

/**
 * `/admin/settings/roles/new` and `/admin/settings/roles/{id}`: a named role's editor. The role is
 * read from the device; one just saved here is shown from the server's answer until it syncs.
 */
export function RoleEditorPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const location = useLocation();
  const actor = useActor();
  const roles = useRoles();
  const back = (
    <Anchor component={Link} to={ROLES_PATH} size="sm">
      {t('roles.back')}
    </Anchor>
  );
  const notice = (text: string) => (
    <Stack>
      <Title order={1} size="h2">
        {t('roles.title')}
      </Title>
      <Text>{text}</Text>
      {back}
    </Stack>
  );
  if (!can(actor, 'roles.manage')) return notice(t('roles.noAccess'));
  if (id === undefined) return <RoleForm />;

  const wanted = Number(id);
  const synced = roles?.find((r) => Number(r.id ?? r._id) === wanted);
  const justSaved = (location.state as { saved?: SavedRole } | null)?.saved;
  const role: SavedRole | undefined = synced
    ? {
        id: wanted,
        name: String(synced.name ?? ''),
        permissions: Array.isArray(synced.permissions) ? synced.permissions : [],
      }
    : justSaved?.id === wanted
      ? justSaved
      : undefined;
  if (!role && roles === undefined) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!role) return notice(t('roles.notFound'));
  return (
    <Stack>
      {back}
      <RoleForm key={`${role.id}:${role.name}:${role.permissions.join()}`} role={role} />
    </Stack>
  );
}
