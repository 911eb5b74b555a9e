import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import { useLeadPersonnel } from '#src/device/hooks/useLeadPersonnel.ts';
import { activityWords } from '#src/ui/ActivityEntryText.tsx';
import { timeAgo } from '#src/ui/timeAgo.ts';
import { RecordSection } from './RecordSection.tsx';

const LIST_STYLE = { listStyle: 'none' } as const;

/** The personnel sidebar: the lead's owner, setter and closers, and who worked it — all from the device. */
export function PersonnelSection({ lead }: { lead: LeadRow }) {
  const { t } = useTranslation(['leads', 'users']);
  // Activity entries' words are the shared catalogue's.
  const { t: shared } = useTranslation();
  const personnel = useLeadPersonnel(lead);
  if (!personnel) return null;
  const { people, history, lastTouched } = personnel;
  return (
    <RecordSection
      title={t('mapServices.personnel.title')}
      records={people}
      list={{
        label: t('mapServices.personnel.people'),
        empty: t('mapServices.personnel.none'),
        item: (person) => (
          <li key={`${person.role}:${person.userId}`}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {t(`mapServices.personnel.roles.${person.role}`)}
              </Text>
              <Text size="sm">{person.name || t('mapServices.personnel.unknownUser')}</Text>
              {person.type && (
                <Badge size="xs" variant="light">
                  {t(`users:userManager.setterCloserTypes.${person.type}`, { defaultValue: person.type })}
                </Badge>
              )}
            </Group>
          </li>
        ),
      }}
    >
      <Title order={4} size="h5" id={`history-${lead._id}`}>
        {t('mapServices.personnel.history')}
      </Title>
      {history.length ? (
        <Stack component="ul" gap={6} p={0} m={0} style={LIST_STYLE} aria-labelledby={`history-${lead._id}`}>
          {history.map((worker) => (
            <li key={worker.who}>
              <Text size="sm">
                {worker.who || t('leadDetail.someone')} ·{' '}
                {t('mapServices.personnel.entries', { count: worker.count })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('mapServices.personnel.latest', {
                  what: activityWords(shared, worker.last),
                  when: worker.lastDate ? timeAgo(worker.lastDate) : '',
                })}
              </Text>
            </li>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('mapServices.personnel.historyNone')}
        </Text>
      )}
      {lastTouched && (
        <Text size="xs" c="dimmed">
          {t('mapServices.personnel.lastTouched', {
            who: lastTouched.who || t('leadDetail.someone'),
            when: timeAgo(lastTouched.date),
          })}
        </Text>
      )}
    </RecordSection>
  );
}
