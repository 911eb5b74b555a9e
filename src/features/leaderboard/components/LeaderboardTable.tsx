import { Avatar, Badge, Group, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LeaderboardSelection, useLeaderboard } from '#src/device/hooks/useLeaderboard.ts';
import { useMetricFormat } from '#src/ui/metricFormat.ts';

/** The ranked people: rank, picture or initials, name, team and the metric's value; the user's own row marked. */
export function LeaderboardTable({
  selection,
  periodLabel,
}: {
  selection: LeaderboardSelection;
  periodLabel: string;
}) {
  const { t } = useTranslation('leaderboard');
  const entries = useLeaderboard(selection);
  const format = useMetricFormat(selection.metric);
  if (!entries) return <Loader size="sm" aria-label={t('leaderboard.loading')} />;
  const metric =
    selection.metric === 'knocks' && selection.verifiedOnly
      ? t('leaderboard.verifiedKnocks')
      : t(`leaderboard.metrics.${selection.metric}`);
  if (!entries.length) return <Text>{t('leaderboard.empty')}</Text>;
  const { compact, full } = format;

  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Caption>{t('leaderboard.caption', { metric, period: periodLabel })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('leaderboard.rank')}</Table.Th>
            <Table.Th scope="col">{t('leaderboard.person')}</Table.Th>
            <Table.Th scope="col">{t('leaderboard.team')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {metric}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr
              key={e.user_id}
              aria-current={e.me ? 'true' : undefined}
              bg={e.me ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>{e.rank}</Table.Td>
              <Table.Th scope="row" fw={e.me ? 700 : 400}>
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={e.pfp} alt="" size="sm" color="blue" aria-hidden>
                    {e.initials}
                  </Avatar>
                  <span>{e.name || t('leaderboard.unnamed')}</span>
                  {e.me && <Badge size="xs">{t('leaderboard.you')}</Badge>}
                </Group>
              </Table.Th>
              <Table.Td>{e.team ?? '—'}</Table.Td>
              <Table.Td ta="right" title={full(e.value)}>
                {compact(e.value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
