import { Alert, Stack, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { type LeaderboardScope, periodRange } from '#src/domain/leaderboard.ts';
import { KnockQuality } from './components/KnockQuality.tsx';
import { LeaderboardControls, type LeaderboardSettings } from './components/LeaderboardControls.tsx';
import { LeaderboardTable } from './components/LeaderboardTable.tsx';

/**
 * `/leaderboard`: people ranked by knocks (all, or only those verified at the pin), leads added,
 * appointments set, closed won, installs or revenue in a period, among the user's team, region or
 * the whole org, on one setter/closer board; under it, each person's knock quality. Counted on the
 * device from what it holds, so it works offline and moves as knocks sync.
 */
export function LeaderboardPage() {
  const { t } = useTranslation('leaderboard');
  const actor = useActor();
  const [chosen, setSettings] = useState<Omit<LeaderboardSettings, 'scope'> & { scope?: LeaderboardScope }>({
    period: { kind: 'today' },
    metric: 'knocks',
    board: 'all',
  });
  // Until one is chosen, the user's own team (once their memberships are read), else the org.
  const settings: LeaderboardSettings = {
    ...chosen,
    scope: chosen.scope ?? (actor.team_ids.length ? 'team' : 'org'),
  };
  const { period } = settings;
  const range = useMemo(
    () => periodRange({ kind: period.kind, from: period.from, to: period.to }, new Date()),
    [period.kind, period.from, period.to],
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('leaderboard.title')}
      </Title>
      <LeaderboardControls value={settings} onChange={setSettings} />
      {range ? (
        <>
          <LeaderboardTable
            selection={{
              metric: settings.metric,
              verifiedOnly: settings.verifiedOnly,
              scope: settings.scope,
              board: settings.board,
              ...range,
            }}
            periodLabel={t(`leaderboard.periods.${period.kind}`)}
          />
          <KnockQuality
            selection={{ scope: settings.scope, board: settings.board, ...range }}
            periodLabel={t(`leaderboard.periods.${period.kind}`)}
          />
        </>
      ) : (
        <Alert color="yellow">{t('leaderboard.customInvalid')}</Alert>
      )}
    </Stack>
  );
}
