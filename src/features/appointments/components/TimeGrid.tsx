import { useDroppable } from '@dnd-kit/core';
import { ActionIcon, Box, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CalendarEntry } from '#src/device/hooks/useAppointments.ts';
import { hourSlot } from '#src/domain/appointmentCalendar.ts';
import { formatDate, formatDateTime, formatTime } from '#src/domain/format.ts';
import { dateOfDayKey } from '#src/domain/tables/calendar.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { AppointmentChip } from './AppointmentChip.tsx';
import type { CalendarBodyProps } from './calendarBody.ts';

const WORK_HOURS = Array.from({ length: 15 }, (_, i) => i + 7); // 07:00–21:00

const hourLabel = (hour: number) =>
  formatTime(new Date(2026, 0, 1, hour), shownLanguage(), { hour: 'numeric' });

/** The day and week views: a column per day, a row per hour; drop an appointment on an hour to move it there. */
export function TimeGrid({ days, byDay, flagged, canMove, onOpen, onNew }: CalendarBodyProps) {
  const placed = (day: string, hour: number, first: number, last: number) =>
    (byDay.get(day) ?? []).filter((e) => {
      const h = hourSlot(e.appointment) ?? first;
      return h === hour || (hour === first && h < first) || (hour === last && h > last);
    });
  const hours = WORK_HOURS;
  const first = hours[0] ?? 7;
  const last = hours[hours.length - 1] ?? 21;
  return (
    <Box
      style={{
        display: 'grid',
        gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))`,
        overflowX: 'auto',
      }}
    >
      <Box />
      {days.map((day) => (
        <DayHeading key={day} day={day} />
      ))}
      {hours.map((hour) => (
        <HourRow
          key={hour}
          hour={hour}
          days={days}
          entries={(day) => placed(day, hour, first, last)}
          flagged={flagged}
          canMove={canMove}
          onOpen={onOpen}
          onNew={onNew}
        />
      ))}
    </Box>
  );
}

function DayHeading({ day }: { day: string }) {
  return (
    <Text
      ta="center"
      fw={600}
      size="sm"
      p={4}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {formatDate(dateOfDayKey(day), shownLanguage(), { weekday: 'short', day: 'numeric', month: 'short' })}
    </Text>
  );
}

function HourRow({
  hour,
  days,
  entries,
  ...rest
}: Omit<CalendarBodyProps, 'days' | 'byDay'> & {
  hour: number;
  days: string[];
  entries(day: string): CalendarEntry[];
}) {
  return (
    <>
      <Text
        size="xs"
        ta="right"
        pr={6}
        pt={2}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        {hourLabel(hour)}
      </Text>
      {days.map((day) => (
        <Slot key={day} day={day} hour={hour} entries={entries(day)} {...rest} />
      ))}
    </>
  );
}

function Slot({
  day,
  hour,
  entries,
  flagged,
  canMove,
  onOpen,
  onNew,
}: Omit<CalendarBodyProps, 'days' | 'byDay'> & { day: string; hour: number; entries: CalendarEntry[] }) {
  const { t } = useTranslation('appointments');
  const { setNodeRef, isOver } = useDroppable({ id: `${day}|${hour}`, data: { day, hour } });
  const when = formatDateTime(new Date(dateOfDayKey(day).setHours(hour, 0, 0, 0)), shownLanguage());
  return (
    <Box
      ref={setNodeRef}
      data-slot={`${day}|${hour}`}
      mih={44}
      p={2}
      pos="relative"
      bg={isOver ? 'var(--mantine-color-blue-light)' : undefined}
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        borderLeft: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <Stack gap={2} pr={22}>
        {entries.map((e) => (
          <AppointmentChip
            key={e.appointment._id}
            entry={e}
            doubleBooked={flagged.has(e.appointment._id)}
            canMove={canMove(e)}
            onOpen={onOpen}
          />
        ))}
      </Stack>
      {onNew ? (
        <ActionIcon
          variant="default"
          size="sm"
          pos="absolute"
          top={2}
          right={2}
          aria-label={t('appointments.slot', { when })}
          onClick={() => onNew(day, hour)}
        >
          +
        </ActionIcon>
      ) : null}
    </Box>
  );
}
