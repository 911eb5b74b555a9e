import { Loader, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeamTurfs } from '#src/device/hooks/useTurfs.ts';
import { TurfProgressList } from './TurfProgressList.tsx';

/** A team page's block: the turfs its members work and how far each got this week. */
export function TeamTurfProgress({ teamId }: { teamId: string }) {
  const { t } = useTranslation('regions');
  const turfs = useTeamTurfs(teamId);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('turfs.teamTitle')}
      </Title>
      {turfs === undefined ? (
        <Loader size="sm" aria-label={t('regions.loading')} />
      ) : turfs.length ? (
        <TurfProgressList turfs={turfs} />
      ) : (
        <Text size="sm">{t('turfs.teamNone')}</Text>
      )}
    </Paper>
  );
}
