import { Button, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CALENDAR_MODES, type CalendarMode } from '#src/domain/appointmentCalendar.ts';
import { formatDate } from '#src/domain/format.ts';
import { APPOINTMENT_TYPES } from '#src/domain/schemas/records.ts';
import { dateOfDayKey } from '#src/domain/tables/calendar.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { TeamSelector } from '#src/ui/selectors/TeamSelector.tsx';
import { UserSelector } from '#src/ui/selectors/UserSelector.tsx';
import type { CalendarState } from '../hooks/useCalendarState.ts';

const dayLabel = (day: string) => formatDate(dateOfDayKey(day), shownLanguage());

/** View switch, previous/today/next, the period shown, and the rep, team and type filters. */
export function CalendarToolbar({
  state,
  first,
  last,
  onNew,
}: {
  state: CalendarState;
  first: string;
  last: string;
  onNew: (() => void) | undefined;
}) {
  const { t } = useTranslation(['appointments', 'leads']);
  const { filters, setFilters } = state;
  return (
    <>
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t('appointments.view')}
          value={state.mode}
          onChange={(v) => state.setMode(v as CalendarMode)}
          data={CALENDAR_MODES.map((m) => ({ value: m, label: t(`appointments.views.${m}`) }))}
        />
        <Group gap="xs">
          <Button variant="default" onClick={state.previous}>
            {t('appointments.previous')}
          </Button>
          <Button variant="default" onClick={state.today}>
            {t('appointments.today')}
          </Button>
          <Button variant="default" onClick={state.next}>
            {t('appointments.next')}
          </Button>
        </Group>
        {onNew ? <Button onClick={onNew}>{t('appointments.new')}</Button> : null}
      </Group>
      <Text fw={600} aria-live="polite">
        {first === last ? dayLabel(first) : `${dayLabel(first)} – ${dayLabel(last)}`}
      </Text>
      <Group gap="sm" align="flex-end" grow preventGrowOverflow={false}>
        <UserSelector
          label={t('appointments.rep')}
          value={filters.rep}
          onChange={(rep) => setFilters((f) => ({ ...f, rep }))}
          clearable
        />
        <TeamSelector
          label={t('appointments.team')}
          value={filters.team}
          onChange={(team) => setFilters((f) => ({ ...f, team }))}
          clearable
        />
        <Select
          label={t('appointments.type')}
          placeholder={t('appointments.allTypes')}
          data={APPOINTMENT_TYPES.map((v) => ({
            value: v,
            label: t(`leads:leadDetail.appointments.types.${v}`),
          }))}
          value={filters.type}
          onChange={(type) => setFilters((f) => ({ ...f, type }))}
          clearable
        />
      </Group>
    </>
  );
}
