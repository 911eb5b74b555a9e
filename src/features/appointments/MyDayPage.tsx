import { Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatTime } from '#src/domain/format.ts';
import { dateOfDayKey } from '#src/domain/tables/calendar.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { DayStop, LegFacts } from './components/DayStop.tsx';
import { DayToolbar } from './components/DayToolbar.tsx';
import { useMyDay } from './hooks/useMyDay.ts';
import { mapsPlatformOf } from './utils/directionsLink.ts';
import { formatDistance } from './utils/distance.ts';

/**
 * `/appointment/day`, 'My day': a rep's appointments of one day (today unless another is picked)
 * in time order, the straight-line distance of each trip between them with rough time estimates,
 * trips too long for the time between flagged, and a link per appointment that opens driving
 * directions in the phone's own maps app. Read from the device only, so it works offline; a manager
 * may look at the day of someone whose appointments their device holds.
 */
export function MyDayPage() {
  const { t } = useTranslation(['appointments', 'leads']);
  const language = shownLanguage();
  const page = useMyDay();
  const { plan } = page;
  const platform = useMemo(() => mapsPlatformOf(globalThis.navigator?.userAgent ?? ''), []);
  const dayName = formatDate(dateOfDayKey(page.day), language, { dateStyle: 'full' });
  const count = plan.stops.length;

  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('myDay.title')}
      </Title>
      <Text>{t('myDay.intro')}</Text>
      <Group gap="md">
        <Anchor component={Link} to="/appointment" size="sm">
          {t('myDay.calendar')}
        </Anchor>
        <Anchor component={Link} to="/availability" size="sm">
          {t('nav.availability')}
        </Anchor>
      </Group>
      <DayToolbar page={page} />
      <Text fw={600} aria-live="polite">
        {dayName}
      </Text>
      <div aria-live="polite">
        {page.here === 'locating' ? <Text size="sm">{t('myDay.locating')}</Text> : null}
        {page.here === 'missing' ? <Text size="sm">{t('myDay.noFix')}</Text> : null}
        {page.here === 'found' && !plan.fromHere ? <Text size="sm">{t('myDay.nothingNext')}</Text> : null}
      </div>
      {plan.fromHere ? (
        <Paper withBorder p="sm">
          <Text size="sm" fw={600}>
            {t('myDay.fromHere', {
              name: plan.fromHere.to.leadName || t('appointments.unknownLead'),
              time: formatTime(plan.fromHere.to.appointment.start_time, language),
              distance: formatDistance(plan.fromHere.leg.meters, language),
            })}
          </Text>
          <LegFacts leg={plan.fromHere.leg} />
        </Paper>
      ) : null}
      {page.loading ? (
        <Loader aria-label={t('myDay.reading')} />
      ) : count === 0 ? (
        <Text>{t('myDay.none')}</Text>
      ) : (
        <>
          <Text>{t('myDay.summary', { count, distance: formatDistance(plan.totalMeters, language) })}</Text>
          {plan.withoutPosition > 0 ? (
            <Text size="sm">{t('myDay.withoutPosition', { count: plan.withoutPosition })}</Text>
          ) : null}
          {plan.tightLegs > 0 ? (
            <Text size="sm" fw={700} c="var(--mantine-color-red-text)">
              {t('myDay.tightLegs', { count: plan.tightLegs })}
            </Text>
          ) : null}
          <ol
            aria-label={t('myDay.list', { day: dayName })}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {plan.stops.map((stop) => (
              <DayStop key={stop.entry.appointment._id} stop={stop} platform={platform} />
            ))}
          </ol>
          <Text size="xs" c="dimmed">
            {t('myDay.estimate')}
          </Text>
        </>
      )}
      {plan.cancelled.length > 0 ? (
        <section aria-label={t('myDay.cancelled')}>
          <Title order={2} size="h4">
            {t('myDay.cancelled')}
          </Title>
          <ul style={{ margin: 0 }}>
            {plan.cancelled.map((entry) => (
              <li key={entry.appointment._id}>
                <Text size="sm" td="line-through">
                  {formatTime(entry.appointment.start_time, language)}{' '}
                  {entry.leadName || t('appointments.unknownLead')}
                </Text>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Stack>
  );
}
