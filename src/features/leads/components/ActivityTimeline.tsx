import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLeadActivity } from '#src/device/hooks/useLeadRecords.ts';
import { notificationLinks } from '#src/domain/notificationLinks.ts';
import { ActivityEntryText } from '#src/ui/ActivityEntryText.tsx';
import { useTimeAgoNow } from '#src/ui/timeAgo.ts';
import { Section } from './Section.tsx';

const SHOWN = 50;

/** What happened to the lead, newest first, with who did it and when (each entry opens its record). */
export function ActivityTimeline({ leadId }: { leadId: string }) {
  const { t } = useTranslation('leads');
  const now = useTimeAgoNow();
  const entries = useLeadActivity(leadId, SHOWN);
  return (
    <Section title={t('leadDetail.sections.activity')}>
      {entries?.length ? (
        <Timeline bulletSize={12} lineWidth={2} aria-label={t('leadDetail.activity.list')}>
          {entries.map((entry) => (
            <Timeline.Item key={entry.row._id}>
              <ActivityEntryText entry={entry} now={now} here={notificationLinks.lead(leadId)} />
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
