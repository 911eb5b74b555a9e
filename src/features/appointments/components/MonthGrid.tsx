import { useDroppable } from '@dnd-kit/core';
import { ActionIcon, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEntry } from '#src/device/hooks/useAppointments.ts';
import { formatDate } from '#src/domain/format.ts';
import { dateOfDayKey } from '#src/domain/tables/calendar.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { AppointmentChip } from './AppointmentChip.tsx';
import type { CalendarBodyProps } from './calendarBody.ts';

const SHOWN = 3;

/** The month view: whole weeks, Monday first; drop an appointment on a day to move it there (same time). */
export function MonthGrid({ days, byDay, month, ...rest }: CalendarBodyProps & { month: string }) {
  const weekdays = days.slice(0, 7);
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', overflowX: 'auto' }}>
      {weekdays.map((day) => (
        <Text key={day} ta="center" fw={600} size="sm" p={4}>
          {formatDate(dateOfDayKey(day), shownLanguage(), { weekday: 'short' })}
        </Text>
      ))}
      {days.map((day) => (
        <DayCell
          key={day}
          day={day}
          inMonth={day.startsWith(month)}
          entries={byDay.get(day) ?? []}
          {...rest}
        />
      ))}
    </Box>
  );
}

function DayCell({
  day,
  inMonth,
  entries,
  flagged,
  canMove,
  onOpen,
  onNew,
}: Omit<CalendarBodyProps, 'days' | 'byDay'> & { day: string; inMonth: boolean; entries: CalendarEntry[] }) {
  const { t } = useTranslation('appointments');
  const [all, setAll] = useState(false);
  const { setNodeRef, isOver } = useDroppable({ id: day, data: { day } });
  const shown = all ? entries : entries.slice(0, SHOWN);
  const label = formatDate(dateOfDayKey(day), shownLanguage());
  return (
    <Box
      ref={setNodeRef}
      data-slot={day}
      mih={96}
      p={4}
      bg={isOver ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ border: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap={2}>
        <Text size="sm" fw={inMonth ? 700 : 400} td={inMonth ? undefined : 'none'}>
          {dateOfDayKey(day).getDate()}
        </Text>
        {onNew ? (
          <ActionIcon
            variant="default"
            size="sm"
            aria-label={t('appointments.slot', { when: label })}
            onClick={() => onNew(day)}
          >
            +
          </ActionIcon>
        ) : null}
      </Group>
      <Stack gap={2}>
        {shown.map((e) => (
          <AppointmentChip
            key={e.appointment._id}
            entry={e}
            doubleBooked={flagged.has(e.appointment._id)}
            canMove={canMove(e)}
            onOpen={onOpen}
          />
        ))}
        {entries.length > shown.length ? (
          <Button variant="subtle" size="compact-xs" onClick={() => setAll(true)}>
            {t('appointments.more', { count: entries.length - shown.length })}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
