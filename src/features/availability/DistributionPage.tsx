import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { canOnUser, scopeOf } from '#src/domain/permissions.ts';
import { RuleCard } from './components/RuleCard.tsx';
import { useDistributionPage } from './hooks/useDistributionPage.ts';

/**
 * `/distribution`: how each team and region the caller manages (admins: all) distributes
 * appointments — round robin, nearest available closer or ranking by close rate, with a daily cap —
 * and each one's closers with their working week, linking to their availability.
 */
export function DistributionPage() {
  const { t } = useTranslation('availability');
  const actor = useActor();
  const places = useDistributionPage();
  const allowed = scopeOf(actor, 'distribution.manage') !== 'none';
  const canOpen = (id: string) => canOnUser(actor, 'availability.read', { id, org_id: actor.org_id });
  const teams = places?.filter((p) => p.scope === 'team') ?? [];
  const regions = places?.filter((p) => p.scope === 'region') ?? [];

  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        {t('distribution.title')}
      </Title>
      <Text c="dimmed">{t('distribution.intro')}</Text>
      {!allowed ? (
        <Alert color="yellow">{t('distribution.notAllowed')}</Alert>
      ) : !places ? (
        <Loader size="sm" aria-label={t('distribution.title')} />
      ) : !places.length ? (
        <Text>{t('distribution.nothing')}</Text>
      ) : (
        <>
          {teams.length > 0 && (
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('distribution.teams')}
              </Title>
              {teams.map((place) => (
                <RuleCard key={place.id} place={place} canOpen={canOpen} />
              ))}
            </Stack>
          )}
          {regions.length > 0 && (
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('distribution.regions')}
              </Title>
              {regions.map((place) => (
                <RuleCard key={place.id} place={place} canOpen={canOpen} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
