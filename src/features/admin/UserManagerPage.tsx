import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { can } from '#src/domain/permissions.ts';
import { AddedUserNotice } from './components/AddedUserNotice.tsx';
import { AddUserForm } from './components/AddUserForm.tsx';
import { ChangeUsers } from './components/ChangeUsers.tsx';
import { useAddUser } from './hooks/useAddUser.ts';

/** `/admin/users`: the user manager, for admins (SPEC section 2). */
export function UserManagerPage() {
  const { t } = useTranslation('admin');
  const actor = useActor();
  const { add, saving, added, dismissAdded } = useAddUser();

  if (!can(actor, 'users.manage')) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('admin.users.title')}
        </Title>
        <Text>{t('admin.noAccess')}</Text>
      </Stack>
    );
  }

  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        {t('admin.users.title')}
      </Title>
      <Text>
        {t('admin.users.listHint')}{' '}
        <Anchor component={Link} to="/users" underline="always">
          {t('admin.users.allUsers')}
        </Anchor>
      </Text>
      {added && <AddedUserNotice user={added} onDone={dismissAdded} />}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('admin.users.addTitle')}
          </Title>
          <AddUserForm saving={saving} onAdd={add} />
        </Stack>
      </Paper>
      <ChangeUsers />
    </Stack>
  );
}
