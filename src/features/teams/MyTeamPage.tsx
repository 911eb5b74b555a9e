import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';

/** `/team`: the signed-in user's own team page (their first team), or word that they have none. */
export function MyTeamPage() {
  const { t } = useTranslation('teams');
  const actor = useActor();
  const team = actor.team_ids[0];
  if (team) return <Navigate to={`/teams/${team}`} replace />;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('myTeam.title')}
      </Title>
      <Text>{t('myTeam.none')}</Text>
    </Stack>
  );
}
