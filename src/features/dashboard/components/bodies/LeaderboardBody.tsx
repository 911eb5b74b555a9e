import { Avatar, Group, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardResult } from '#src/domain/dashboard/cards.ts';
import { useMetricFormat } from '#src/ui/metricFormat.ts';

type Groups = Extract<CardResult, { kind: 'groups' }>;

/** At most two initials of a name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** A leaderboard card: people ranked by the measure, with their initials. */
export function LeaderboardBody({ result, metric }: { result: Groups; metric?: string | undefined }) {
  const { t } = useTranslation('dashboard');
  const format = useMetricFormat(metric);
  return (
    <ScrollArea h="100%" type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
      <ol style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
        {result.groups.map((g, i) => (
          <li key={g.key}>
            <Group gap="xs" wrap="nowrap" py={4}>
              <Text size="sm" w={24} ta="right" c="dimmed">
                {i + 1}
              </Text>
              <Avatar size="sm" color="blue" aria-hidden>
                {initialsOf(g.label)}
              </Avatar>
              <Text size="sm" style={{ flex: 1 }} truncate>
                {g.label || t('dashboard.card.none')}
              </Text>
              <Text size="sm" fw={600} title={format.full(g.value)}>
                {format.compact(g.value)}
              </Text>
            </Group>
          </li>
        ))}
      </ol>
    </ScrollArea>
  );
}
