import { Anchor, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivityFeed } from '#src/ui/ActivityFeed.tsx';
import { StageCountList } from '#src/ui/StageCountList.tsx';
import type { RegionFacts } from '../hooks/useRegionFacts.ts';

const LIST = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** A region's profile: its contacts, pipeline by stage, reps and teams, from the device. */
export function RegionSections({ regionId, facts }: { regionId: string; facts: RegionFacts }) {
  const { t } = useTranslation(['regions', 'admin', 'tables']);
  const loading = <Loader size="sm" aria-label={t('regions.loading')} />;
  const names = (items: { id: string; name: string }[], to: (id: string) => string, none: string) =>
    items.length ? (
      <Stack gap={4} component="ul" style={LIST}>
        {items.map((item) => (
          <li key={item.id}>
            <Anchor component={Link} to={to(item.id)} size="sm">
              {item.name || t('tables:tables.untitled')}
            </Anchor>
          </li>
        ))}
      </Stack>
    ) : (
      <Text size="sm">{none}</Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={960}>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('regions.contacts', { count: facts.contacts?.count ?? 0 })}
        </Title>
        {facts.contacts
          ? names(facts.contacts.listed, (id) => `/contacts/${id}`, t('regions.noContacts'))
          : loading}
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('regions.pipeline')}
        </Title>
        {facts.stages ? <StageCountList counts={facts.stages} noStage={t('admin:admin.noStage')} /> : loading}
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('regions.people')}
        </Title>
        {facts.people ? names(facts.people, (id) => `/users/${id}`, t('regions.noPeople')) : loading}
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('regions.teams')}
        </Title>
        {facts.teams ? names(facts.teams, (id) => `/teams/${id}`, t('regions.noTeams')) : loading}
      </Paper>
      <ActivityFeed regionId={regionId} />
    </SimpleGrid>
  );
}
