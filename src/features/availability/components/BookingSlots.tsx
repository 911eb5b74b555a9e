import { ActionIcon, Button, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import { nextDay } from '#src/domain/availability.ts';
import { formatTime } from '#src/domain/format.ts';
import { deviceDay } from '#src/domain/sales.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { type ChosenBooking, useBookingOffers } from '../hooks/useBookingOffers.ts';

interface Props {
  leadId: string | null;
  /** The appointment as the form holds it now. */
  chosen: ChosenBooking;
  /** The day of the form's start ('YYYY-MM-DD'), shown first and followed; today when empty. */
  initialDay: string;
  onPick(slot: { userId: string; start: number; end: number }): void;
}

/**
 * The free times a lead's distribution rule offers on a day, each with its closer (the others free
 * then after it, in the rule's order); a pick fills the form. Without a rule, the chosen rep's free
 * times. Read from the device, so it works offline. Says when the time chosen does not fit the rep.
 */
export function BookingSlots({ leadId, chosen, initialDay, onPick }: Props) {
  const { t, i18n } = useTranslation('availability');
  const [day, setDay] = useState(() => initialDay || deviceDay(new Date()));
  // The list follows the day the form's start is set to.
  useEffect(() => {
    setDay(initialDay || deviceDay(new Date()));
  }, [initialDay]);
  const names = useUserNames();
  const booking = useBookingOffers(leadId, day, chosen);
  const language = shownLanguage();
  const nameOf = (id: string) => names?.get(id) || t('availability.someone');
  const time = (ms: number) => formatTime(ms, language);
  const locale = i18n.language === 'es' ? 'es' : 'en';

  let heading: string;
  if (!booking.offers) heading = '';
  else if (booking.rule)
    heading = t('booking.rule', {
      kind: t(`distribution.kinds.${booking.rule.kind}`),
      name: booking.ruleName || '—',
    });
  else if (!chosen.userId) heading = t('booking.noRep');
  else heading = booking.repHasHours ? t('booking.noRule') : t('booking.repNotSet');

  return (
    <Stack gap="xs" role="group" aria-label={t('booking.title')}>
      <Title order={3} size="h5">
        {t('booking.title')}
      </Title>
      {heading && (
        <Text size="sm" c="dimmed">
          {heading}
        </Text>
      )}
      <Group gap="xs" align="end" wrap="nowrap">
        <ActionIcon
          variant="default"
          mb={4}
          aria-label={t('booking.previousDay')}
          onClick={() => setDay(nextDay(day, -1))}
        >
          ‹
        </ActionIcon>
        <DateInput
          locale={locale}
          label={t('booking.day')}
          valueFormat="YYYY-MM-DD"
          value={day}
          onChange={(v) => v && setDay(v)}
          popoverProps={{ withinPortal: false }}
        />
        <ActionIcon
          variant="default"
          mb={4}
          aria-label={t('booking.nextDay')}
          onClick={() => setDay(nextDay(day))}
        >
          ›
        </ActionIcon>
      </Group>
      {!booking.offers ? (
        <Loader size="xs" aria-label={t('booking.title')} />
      ) : booking.offers.length ? (
        <ScrollArea.Autosize mah={220} type="auto">
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {booking.offers.map((offer) => {
              const [first, ...rest] = offer.choices;
              if (!first) return null;
              const label = t('booking.pick', { time: time(offer.start), name: nameOf(first.user_id) });
              return (
                <Group key={offer.start} component="li" gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => onPick({ userId: first.user_id, start: offer.start, end: first.end })}
                  >
                    {label}
                  </Button>
                  {rest.length > 0 && (
                    <Text size="xs" c="dimmed" truncate>
                      {t('booking.others', { names: rest.map((c) => nameOf(c.user_id)).join(', ') })}
                    </Text>
                  )}
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      ) : (
        <Text size="sm">{t('booking.none')}</Text>
      )}
      {booking.problem && chosen.userId && (
        <Text size="sm" c="var(--mantine-color-orange-text)" role="status">
          {t(`booking.problems.${booking.problem}`, { name: nameOf(chosen.userId) })}
        </Text>
      )}
    </Stack>
  );
}
