import {
  Anchor,
  Avatar,
  Badge,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { timeAgo } from '../../ui/timeAgo.ts';
import { useUserPage } from './hooks/useUserPage.ts';

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm">{label}</Text>
      <Text fz={24} fw={700}>
        {value === undefined ? '…' : value.toLocaleString()}
      </Text>
    </Paper>
  );
}

/** `/users/{id}`: a person's contact details, teams and deals, from the device. */
export function UserPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user, figures } = useUserPage(id);

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
  const lastActive = typeof user.last_active === 'string' ? user.last_active : undefined;
  const teams = (user.teams ?? []) as { id: string; name?: string; role: string }[];

  return (
    <Stack maw={900}>
      <Anchor component={Link} to="/users" size="sm">
        {t('userPage.back')}
      </Anchor>
      <Group>
        <Avatar src={user.pfp || null} alt={user.name} size="lg" name={user.name} />
        <Stack gap={2}>
          <Title order={1} size="h2">
            {user.name}
          </Title>
          <Group gap="xs">
            <Badge variant="light">
              {t(`admin.users.levels.${user.access_level}`, { defaultValue: user.access_level })}
            </Badge>
            {user.status === false && <Badge color="red">{t('admin.users.deletedBadge')}</Badge>}
          </Group>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label={t('userPage.leads')} value={figures?.leads} />
        <Figure label={t('userPage.activeDeals')} value={figures?.activeDeals} />
        <Figure label={t('userPage.sales')} value={figures?.sales} />
      </SimpleGrid>
      <Table aria-label={t('userPage.contact')}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" w="35%">
              {t('admin.users.email')}
            </Table.Th>
            <Table.Td>{user.email}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('admin.users.phone')}</Table.Th>
            <Table.Td>{user.phone || '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('userPage.lastActive')}</Table.Th>
            <Table.Td>{lastActive ? timeAgo(lastActive) : t('userPage.never')}</Table.Td>
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
                  {team.name ?? team.id}
                </Anchor>
                <Badge variant="light">
                  {t(`records.team.roles.${team.role}`, { defaultValue: team.role })}
                </Badge>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm">{t('userPage.noTeams')}</Text>
        )}
      </Paper>
    </Stack>
  );
}
