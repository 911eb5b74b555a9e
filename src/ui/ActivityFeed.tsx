import { Loader, Paper, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FeedEntry } from '../db/queries/activityFeed.ts';
import { useActivityFeed, useLatestActivity } from '../device/hooks/useActivityFeed.ts';
import { ActivityEntryText } from './ActivityEntryText.tsx';
import { useTimeAgoNow } from './timeAgo.ts';

const SHOWN = 30;

/** Entries newest first, each with who did what and how long ago; one about a record opens it. */
function ActivityEntries({
  entries,
  label,
  onOpen,
}: {
  entries: FeedEntry[] | undefined;
  label: string;
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const now = useTimeAgoNow();
  if (entries === undefined) return <Loader size="sm" aria-label={t('activityFeed.loading')} />;
  if (entries.length === 0) return <Text size="sm">{t('activityFeed.none')}</Text>;
  return (
    <Timeline bulletSize={12} lineWidth={2} aria-label={label}>
      {entries.map((entry) => (
        <Timeline.Item key={entry.row._id}>
          <ActivityEntryText entry={entry} now={now} {...(onOpen ? { onOpen } : {})} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The activity of some teams or of a region (the consolidated feed), newest first. */
export function ActivityFeed({ teamIds, regionId }: { teamIds?: readonly string[]; regionId?: string }) {
  const { t } = useTranslation();
  const entries = useActivityFeed(
    { ...(teamIds ? { teamIds } : {}), ...(regionId ? { regionId } : {}) },
    SHOWN,
  );
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('activityFeed.title')}
      </Title>
      <ActivityEntries entries={entries} label={t('activityFeed.title')} />
    </Paper>
  );
}

/**
 * Everything the user may see that happened lately, newest first (the activity panel);
 * `onNavigate` is called when an entry opens its record.
 */
export function LatestActivity({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ActivityEntries
      entries={useLatestActivity(SHOWN)}
      label={t('activityFeed.latest')}
      {...(onNavigate ? { onOpen: onNavigate } : {})}
    />
  );
}
