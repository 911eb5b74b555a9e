import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContestData, ContestRow } from '#src/device/hooks/useContests.ts';
import {
  type ContestStanding,
  type ContestStatus,
  contestStandings,
  shownStandings,
} from '#src/domain/contests.ts';
import { formatDate } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { ContestStandings } from './ContestStandings.tsx';

const STATUS_COLORS: Record<ContestStatus, string> = {
  running: 'teal',
  upcoming: 'blue',
  ended: 'gray',
  decided: 'gray',
};

/** A day (YYYY-MM-DD) in the language shown, read as the UTC day it names. */
function formatDay(day: string | undefined): string {
  if (!day) return '';
  return formatDate(`${day}T00:00:00Z`, shownLanguage(), { dateStyle: 'medium', timeZone: 'UTC' }) || day;
}

/**
 * One contest: its name, status, days, type, qualifier and who takes part; then its standings
 * (the server's once decided, else live from the device) and its winner. Admins edit and delete.
 */
export function ContestCard({
  contest,
  status,
  data,
  me,
  manage,
}: {
  contest: ContestRow;
  status: ContestStatus;
  data: ContestData;
  me: string;
  manage?: { onEdit(): void; onDelete(): void } | undefined;
}) {
  const { t } = useTranslation('contests');
  const name = contest.name ?? '';
  const decided = status === 'decided';
  const stored = Array.isArray(contest.standings) ? (contest.standings as ContestStanding[]) : [];
  // Decided: the server's final standings. Running: the device's live count, never below the
  // server's latest (a rep's device holds only the deals the rep may see).
  const standings =
    decided && stored.length ? stored : shownStandings(contest, contestStandings(contest, data), stored);
  const scope = [
    ...(contest.team_ids ?? []).map((id) => data.teamNames.get(id) ?? t('contests.unknownTeam')),
    ...(contest.region_ids ?? []).map((id) => data.regionNames.get(id) ?? t('contests.unknownRegion')),
  ];
  const winner = contest.winner_id ? data.people.get(contest.winner_id) : undefined;
  const headingId = `contest-${contest._id}`;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Group gap="sm" align="center">
            <Title order={2} size="h3" id={headingId}>
              {name}
            </Title>
            <Badge variant="light" color={STATUS_COLORS[status]}>
              {t(`contests.status.${status}`)}
            </Badge>
          </Group>
          {manage && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={manage.onEdit}
                aria-label={t('contests.editNamed', { name })}
              >
                {t('contests.editButton')}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                onClick={manage.onDelete}
                aria-label={t('contests.deleteNamed', { name })}
              >
                {t('contests.deleteButton')}
              </Button>
            </Group>
          )}
        </Group>
        <Text size="sm">
          {t('contests.dates', {
            start: formatDay(contest.start_date),
            end: formatDay(contest.end_date),
          })}
          {' · '}
          {t(`contests.types.${contest.contest_type ?? 'General'}`, {
            defaultValue: contest.contest_type ?? 'General',
          })}
          {' · '}
          {t(`contests.qualifiers.${contest.contest_qualifier ?? 'Sales Volume'}`, {
            defaultValue: contest.contest_qualifier ?? 'Sales Volume',
          })}
        </Text>
        <Text size="sm">
          {t('contests.scopeLabel')}: {scope.length ? scope.join(', ') : t('contests.wholeOrg')}
        </Text>
        {contest.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{contest.description}</Text>}
        {decided && (
          <Text fw={600} aria-live="polite">
            {contest.winner_id
              ? t('contests.winner', { name: winner?.name || t('contests.unnamed') })
              : t('contests.noWinner')}
          </Text>
        )}
        {decided && contest.winner_seed && (
          <Text size="sm">
            {t('contests.drawSeed')}: <code>{contest.winner_seed}</code>
          </Text>
        )}
        {status === 'ended' && <Text size="sm">{t('contests.deciding')}</Text>}
        {status === 'upcoming' ? (
          <Text size="sm">{t('contests.startsOn', { date: formatDay(contest.start_date) })}</Text>
        ) : (
          <ContestStandings
            standings={standings}
            people={data.people}
            winner={contest.winner_id ?? null}
            me={me}
            caption={decided ? t('contests.finalStandings') : t('contests.liveStandings')}
          />
        )}
      </Stack>
    </Paper>
  );
}
