import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { takesAppointments } from '#src/domain/availability.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import type { RulePlace } from '../hooks/useDistributionPage.ts';
import { hoursSummary } from '../utils/hoursSummary.ts';

/** A rule's people: each one's working week and appointment length, and a link to their availability. */
export function RulePeople({
  people,
  canOpen,
}: {
  people: RulePlace['people'];
  canOpen(id: string): boolean;
}) {
  const { t } = useTranslation('availability');
  const language = shownLanguage();
  if (!people.length) return <Text c="dimmed">{t('distribution.noPeople')}</Text>;
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {people.map((person) => {
        const name = person.name || t('availability.someone');
        const works = person.availability && takesAppointments(person.availability);
        return (
          <Group key={person.id} component="li" gap="xs" wrap="wrap" justify="space-between">
            {canOpen(person.id) ? (
              <Anchor
                component={Link}
                to={`/availability/${person.id}`}
                aria-label={t('distribution.openAvailability', { name })}
              >
                {name}
              </Anchor>
            ) : (
              <Text>{name}</Text>
            )}
            <Text size="sm" c="dimmed">
              {works && person.availability
                ? t('distribution.summary', {
                    days: hoursSummary(person.availability, language),
                    minutes: person.availability.appointment_minutes,
                  })
                : t('distribution.notSet')}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
