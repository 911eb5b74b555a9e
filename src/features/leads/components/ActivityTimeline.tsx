import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLeadActivity } from '#src/device/hooks/useLeadRecords.ts';
import { timeAgo, useTimeAgoNow } from '#src/ui/timeAgo.ts';
import { Section } from './Section.tsx';

const SHOWN = 50;

/** What happened to the lead, newest first, with who did it and when. */
export function ActivityTimeline({ leadId }: { leadId: string }) {
  const { t } = useTranslation('leads');
  const now = useTimeAgoNow();
  const entries = useLeadActivity(leadId, SHOWN);
  return (
    <Section title={t('leadDetail.sections.activity')}>
      {entries?.length ? (
        <Timeline bulletSize={12} lineWidth={2} aria-label={t('leadDetail.activity.list')}>
          {entries.map(({ row, who }) => (
            <Timeline.Item key={row._id}>
              <Text size="sm">
                {[who || t('leadDetail.someone'), row.message || (row.type ?? '')].join(' ')}
              </Text>
              <Text size="xs" c="dimmed">
                {row.date ? timeAgo(row.date, now) : ''}
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
