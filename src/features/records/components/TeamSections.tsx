import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSalesFigures } from '#src/device/hooks/useSalesFigures.ts';
import { TeamTurfProgress } from '#src/features/regions/index.ts';
import { ActivityFeed } from '#src/ui/ActivityFeed.tsx';
import { SalesFigureCards } from '#src/ui/SalesFigureCards.tsx';
import { StageCountList } from '#src/ui/StageCountList.tsx';
import { useTeamFacts } from '../hooks/useTeamFacts.ts';

/**
 * A team's sales figures, its people (with their team role), its contacts by stage and its
 * activity, from the device.
 */
export function TeamSections({ teamId }: { teamId: string }) {
  const { t } = useTranslation(['records', 'admin']);
  const facts = useTeamFacts(teamId);
  const figures = useSalesFigures({ field: 'team_id', id: teamId });
  return (
    <Stack maw={960}>
      <SalesFigureCards figures={figures} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            {t('records.team.members')}
          </Title>
          {facts.members ? (
            facts.members.length ? (
              <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {facts.members.map((m) => (
                  <Group key={m.userId} component="li" justify="space-between" wrap="nowrap">
                    <Text size="sm">{m.name}</Text>
                    <Badge variant="light">{t(`records.team.roles.${m.role}`)}</Badge>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm">{t('records.team.noMembers')}</Text>
            )
          ) : (
            <Loader size="sm" aria-label={t('records.loading')} />
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            {t('records.team.pipeline', { count: facts.contacts ?? 0 })}
          </Title>
          {facts.stages ? (
            <StageCountList counts={facts.stages} noStage={t('admin:admin.noStage')} />
          ) : (
            <Loader size="sm" aria-label={t('records.loading')} />
          )}
        </Paper>
        <TeamTurfProgress teamId={teamId} />
        <ActivityFeed teamIds={[teamId]} />
      </SimpleGrid>
    </Stack>
  );
}
