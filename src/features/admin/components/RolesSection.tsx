import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useRoles } from '#src/device/hooks/useRoles.ts';
import { BUILT_IN_ROLES } from '#src/domain/customRoles.ts';
import { can } from '#src/domain/permissions.ts';

export const ROLES_PATH = '/admin/settings/roles';

/**
 * Settings → roles: the built-in role ids and what they mean (read-only), and the org's named
 * roles as this device has synced them, each opening its editor.
 */
export function RolesSection() {
  const { t } = useTranslation('admin');
  const actor = useActor();
  const roles = useRoles();
  if (!can(actor, 'roles.manage')) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('roles.title')}
        </Title>
        <Text>{t('roles.noAccess')}</Text>
      </Stack>
    );
  }
  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('roles.title')}
        </Title>
        <Button component={Link} to={`${ROLES_PATH}/new`}>
          {t('roles.newRole')}
        </Button>
      </Group>
      <Text size="sm">{t('roles.explained')}</Text>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t('roles.builtInTitle')}
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('roles.roleId')}</Table.Th>
              <Table.Th>{t('roles.name')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {BUILT_IN_ROLES.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.id}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {t(`roles.builtIn.${r.meaning}.name`)}
                  </Text>
                  <Text size="sm">{t(`roles.builtIn.${r.meaning}.meaning`)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t('roles.orgTitle')}
        </Title>
        {roles === undefined ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : roles.length === 0 ? (
          <Text size="sm">{t('roles.none')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {roles.map((role) => (
              <li key={role._id}>
                <Anchor component={Link} to={`${ROLES_PATH}/${role.id ?? role._id}`} fw={600}>
                  {role.name}
                </Anchor>
                <Text size="sm">
                  {t('roles.grants', {
                    count: Array.isArray(role.permissions) ? role.permissions.length : 0,
                  })}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
