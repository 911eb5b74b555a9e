import { Anchor, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FeedEntry } from '../db/queries/activityFeed.ts';
import { timeAgo } from './timeAgo.ts';

/**
 * One activity entry's words and how long ago: who did what to which record, the record named as
 * the device holds it now (src/domain/activityEntry.ts); an entry about a record opens it.
 */
export function ActivityEntryText({
  entry,
  now,
  onOpen,
  here,
}: {
  entry: FeedEntry;
  now: number;
  /** The page it is shown on: an entry about that very record names it without a link. */
  here?: string;
  /** Called when the entry opens its record (e.g. to close the drawer it sits in). */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const { row, line } = entry;
  const words = activityWords(t, entry);
  return (
    <>
      {line.target && line.target !== here ? (
        <Anchor component={Link} to={line.target} size="sm" onClick={onOpen}>
          {words}
        </Anchor>
      ) : (
        <Text size="sm">{words}</Text>
      )}
      <Text size="xs" c="dimmed">
        {row.date ? timeAgo(String(row.date), now) : ''}
      </Text>
    </>
  );
}

/** An activity entry's words in the reader's language: who did what to which record. */
export function activityWords(t: TFunction, { who, line }: Pick<FeedEntry, 'who' | 'line'>): string {
  return t(`activityFeed.entry.${line.phrase}`, { who: who || t('activityFeed.someone'), ...line.values });
}
