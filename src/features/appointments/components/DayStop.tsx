import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CalendarEntry } from '#src/device/hooks/useAppointments.ts';
import type { Leg, PlannedStop } from '#src/domain/dayPlan.ts';
import { dateFormat, formatTime } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { directionsLink, type MapsPlatform } from '../utils/directionsLink.ts';
import { formatDistance } from '../utils/distance.ts';

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

type DayEntry = CalendarEntry & { position: CalendarEntry['leadPosition'] };

/** A leg's estimates after its distance: drive, walk (when short) and the time between, and a warning when tight. */
export function LegFacts({ leg }: { leg: Leg }) {
  const { t } = useTranslation('appointments');
  const facts = [
    leg.driveMinutes > 0 ? t('myDay.drive', { count: leg.driveMinutes }) : undefined,
    leg.walkMinutes && leg.driveMinutes > 0 ? t('myDay.walk', { count: leg.walkMinutes }) : undefined,
    leg.minutesBetween < 0 ? t('myDay.overlaps') : t('myDay.between', { count: leg.minutesBetween }),
  ].filter(Boolean);
  return (
    <>
      <Text size="sm">{facts.join(' · ')}</Text>
      {leg.tight ? (
        <Text size="sm" fw={700} c="var(--mantine-color-red-text)">
          <span aria-hidden>⚠ </span>
          {t('myDay.tight')}
        </Text>
      ) : null}
    </>
  );
}

/** One appointment of the day: the leg from the previous one, its time, lead, address and a directions link. */
export function DayStop({ stop, platform }: { stop: PlannedStop<DayEntry>; platform: MapsPlatform }) {
  const { t } = useTranslation(['appointments', 'leads']);
  const language = shownLanguage();
  const { appointment: a, leadName, leadAddress } = stop.entry;
  const name = leadName || t('appointments.unknownLead');
  const start = formatTime(stop.start, language);
  const type = String(a.appointment_type ?? '');
  const status = a.status
    ? t(`leads:leadDetail.appointments.statuses.${a.status}`, { defaultValue: String(a.status) })
    : '';
  const link = directionsLink({ position: stop.position, address: leadAddress, label: leadName }, platform);
  const leg = stop.fromPrevious;
  return (
    <li>
      {leg.kind === 'leg' ? (
        <Stack
          gap={0}
          my="xs"
          pl="md"
          style={{ borderLeft: '3px dotted var(--mantine-color-default-border)' }}
        >
          <Text size="sm" fw={600}>
            {t('myDay.leg', { distance: formatDistance(leg.leg.meters, language) })}
          </Text>
          <LegFacts leg={leg.leg} />
        </Stack>
      ) : null}
      {leg.kind === 'unknown' ? (
        <Text size="sm" my="xs" pl="md" c="dimmed">
          {t('myDay.legUnknown')}
        </Text>
      ) : null}
      <Paper withBorder p="sm" data-appointment={a._id}>
        <Text fw={700}>{dateFormat(language, TIME).formatRange(stop.start, stop.end)}</Text>
        {a.lead_id ? (
          <Anchor component={Link} to={`/contacts/${String(a.lead_id)}`}>
            {name}
          </Anchor>
        ) : (
          <Text>{name}</Text>
        )}
        {leadAddress ? <Text size="sm">{leadAddress}</Text> : null}
        <Text size="sm" c="dimmed">
          {t(`leads:leadDetail.appointments.types.${type}`, { defaultValue: type })}
          {status ? ` · ${status}` : ''}
        </Text>
        <Group mt="xs" gap="xs">
          {link ? (
            <Button
              component="a"
              href={link.href}
              size="compact-md"
              aria-label={t('myDay.directionsTo', { name, time: start })}
              {...(link.web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {t('myDay.directions')}
            </Button>
          ) : (
            <Text size="sm">{t('myDay.noDestination')}</Text>
          )}
          {link && !stop.position ? (
            <Text size="xs" c="dimmed">
              {t('myDay.addressOnly')}
            </Text>
          ) : null}
        </Group>
      </Paper>
    </li>
  );
}
