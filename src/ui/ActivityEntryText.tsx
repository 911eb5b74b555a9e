import { Anchor, Text } from '@mantine/core';
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
  const { row, who, line } = entry;
  const words = t(`activityFeed.entry.${line.phrase}`, {
    who: who || t('activityFeed.someone'),
    ...line.values,
  });
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
