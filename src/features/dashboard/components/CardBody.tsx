import { Center, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardState } from '../engine/index.ts';
import type { DashboardCard } from '../hooks/useDashboardPage.ts';
import { ChartBody } from './bodies/ChartBody.tsx';
import { LeaderboardBody } from './bodies/LeaderboardBody.tsx';
import { NumberBody } from './bodies/NumberBody.tsx';
import { RowsBody } from './bodies/RowsBody.tsx';

// The map card brings MapLibre: loaded only when a layout shows one.
const MapBody = lazy(() => import('./bodies/MapBody.tsx'));

/** What a card shows: a skeleton until its first result, its error, an empty state, or the result. */
export function CardBody({ card, state }: { card: DashboardCard; state: CardState | undefined }) {
  const { t } = useTranslation('dashboard');
  if (state?.error) {
    return (
      <Text c="red.8" size="sm" role="alert">
        {t('dashboard.card.error', { message: state.error })}
      </Text>
    );
  }
  const result = state?.result;
  if (!result) {
    return (
      <Stack gap={6} role="status" aria-busy="true" aria-label={t('dashboard.card.loading')}>
        <Skeleton height={18} />
        <Skeleton height={18} width="70%" />
      </Stack>
    );
  }
  const empty =
    (result.kind === 'groups' && result.groups.length === 0) ||
    (result.kind === 'rows' && result.rows.length === 0) ||
    (result.kind === 'points' && result.points.length === 0);
  if (empty) {
    return (
      <Center h="100%">
        <Text c="dimmed" size="sm">
          {t('dashboard.card.empty')}
        </Text>
      </Center>
    );
  }
  switch (result.kind) {
    case 'number':
      return (
        <NumberBody
          result={result}
          counted={card.config.measure?.op === 'count'}
          metric={card.config.metric?.key}
        />
      );
    case 'groups':
      if (card.type === 'leaderboard')
        return <LeaderboardBody result={result} metric={card.config.metric?.key} />;
      if (card.type === 'chart')
        return <ChartBody result={result} kind={card.config.chart ?? 'bar'} title={card.title} />;
      return <RowsBody groups={result} card={card} />;
    case 'rows':
      return <RowsBody rows={result} card={card} />;
    case 'points':
      return (
        <Suspense fallback={<Loader size="sm" aria-label={t('dashboard.card.loading')} />}>
          <MapBody result={result} title={card.title} />
        </Suspense>
      );
  }
}
