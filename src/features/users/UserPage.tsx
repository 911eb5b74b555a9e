import { Anchor, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useOnline } from '#src/device/hooks/useSyncState.ts';
import { lastActiveOf } from '#src/domain/lastActive.ts';
import { canOnUser } from '#src/domain/permissions.ts';
import { timeAgo, useTimeAgoNow } from '#src/ui/timeAgo.ts';
import { UserFigures } from './components/UserFigures.tsx';
import { UserHeader } from './components/UserHeader.tsx';
import { UserSessionsSection } from './components/UserSessionsSection.tsx';
import { useUserActivity } from './hooks/useUserActivity.ts';
import { useUserPage } from './hooks/useUserPage.ts';

/**
 * `/users/{id}`: a person's picture, contact details, teams and deals from the device, and their
 * last activity, live sessions, app sessions and error logs from the server when online.
 */
export function UserPage({ userId }: { userId?: string }) {
  const { t } = useTranslation(['users', 'admin', 'records']);
  const now = useTimeAgoNow();
  const params = useParams();
  const id = userId ?? params.id ?? '';
  const actor = useActor();
  const own = actor.user_id === id;
  const { user, teams, figures } = useUserPage(id);
  const activity = useUserActivity(id);
  const online = useOnline();

  if (!user) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('userPage.title')}
        </Title>
        <Loader size="sm" aria-label={t('userPage.loading')} />
        <Anchor component={Link} to="/users">
          {t('userPage.back')}
        </Anchor>
      </Stack>
    );
  }
  const lastActive = lastActiveOf(activity?.last_active, user.last_active);

  return (
    <Stack maw={900}>
      <Anchor component={Link} to="/users" size="sm">
        {t('userPage.back')}
      </Anchor>
      <UserHeader user={user} />
      <Group gap="md">
        {own && (
          <Anchor component={Link} to="/profile/edit" size="sm">
            {t('userPage.editOwn')}
          </Anchor>
        )}
        {canOnUser(actor, 'availability.read', { id, org_id: actor.org_id }) && (
          <Anchor component={Link} to={`/availability/${id}`} size="sm">
            {t('userPage.availability')}
          </Anchor>
        )}
      </Group>
      <UserFigures figures={figures} activity={activity} online={online} />
      <Table aria-label={t('userPage.contact')}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" w="35%">
              {t('admin:admin.users.email')}
            </Table.Th>
            <Table.Td>{user.email}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('admin:admin.users.phone')}</Table.Th>
            <Table.Td>{user.phone || '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('userPage.lastActive')}</Table.Th>
            <Table.Td>{lastActive ? timeAgo(lastActive, now) : t('userPage.never')}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('userPage.teams')}
        </Title>
        {teams.length ? (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {teams.map((team) => (
              <Group key={team.id} component="li" justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/teams/${team.id}`} size="sm">
                  {team.name}
                </Anchor>
                <Badge variant="light">
                  {t(`records:records.team.roles.${team.role}`, { defaultValue: team.role })}
                </Badge>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm">{t('userPage.noTeams')}</Text>
        )}
      </Paper>
      <UserSessionsSection userId={id} />
    </Stack>
  );
}
