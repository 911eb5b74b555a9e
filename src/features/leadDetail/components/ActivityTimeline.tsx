import { Text, Timeline } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { timeAgo } from '../../../ui/timeAgo.ts';
import { useSync } from '../../sync/SyncProvider.tsx';
import { text } from '../utils/text.ts';
import { Section } from './Section.tsx';

const SHOWN = 50;

/** What happened to the lead, newest first, with who did it and when. */
export function ActivityTimeline({ leadId }: { leadId: string }) {
  const { t } = useTranslation();
  const { db } = useSync();
  const entries = useLiveQuery(async () => {
    const rows = await db.activities
      .orderBy('date')
      .reverse()
      .filter(
        (a) => Array.isArray(a.lead_refs) && (a.lead_refs as string[]).includes(leadId) && !a.deleted_at,
      )
      .limit(SHOWN)
      .toArray();
    const actorIds = [...new Set(rows.map((r) => text(r.actor_id)).filter(Boolean))];
    const actors = await db.users.bulkGet(actorIds);
    const names = new Map(actorIds.map((id, i) => [id, text(actors[i]?.name)]));
    return rows.map((r) => ({ row: r, who: names.get(text(r.actor_id)) || text(r.name) }));
  }, [db, leadId]);
  return (
    <Section title={t('leadDetail.sections.activity')}>
      {entries?.length ? (
        <Timeline bulletSize={12} lineWidth={2} aria-label={t('leadDetail.activity.list')}>
          {entries.map(({ row, who }) => (
            <Timeline.Item key={row._id}>
              <Text size="sm">
                {[who || t('leadDetail.someone'), text(row.message) || text(row.type)].join(' ')}
              </Text>
              <Text size="xs" c="dimmed">
                {text(row.date) ? timeAgo(text(row.date)) : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : (
        <Text size="sm" c="dimmed">
          {t('leadDetail.activity.none')}
        </Text>
      )}
    </Section>
  );
}
