import { useDraggable } from '@dnd-kit/core';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEntry } from '#src/device/hooks/useAppointments.ts';
import { formatTime } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';

/** Each type's colour (the bar beside the event); the type is also written out, so colour is never alone. */
export const TYPE_COLORS: Record<string, string> = {
  'In-person': 'var(--mantine-color-blue-6)',
  Virtual: 'var(--mantine-color-violet-6)',
  Phone: 'var(--mantine-color-teal-6)',
};

const time = (iso: unknown) => (typeof iso === 'string' ? formatTime(iso, shownLanguage()) : '');

/** One appointment in the calendar: time, lead, type and status, and a double-booking warning; drag to move, click to edit. */
export const AppointmentChip = memo(function AppointmentChip({
  entry,
  doubleBooked,
  canMove,
  onOpen,
}: {
  entry: CalendarEntry;
  doubleBooked: boolean;
  canMove: boolean;
  onOpen(entry: CalendarEntry): void;
}) {
  const { t } = useTranslation(['appointments', 'leads']);
  const a = entry.appointment;
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: a._id,
    data: { entry },
    disabled: !canMove,
  });
  const type = String(a.appointment_type ?? '');
  const status = a.status
    ? t(`leads:leadDetail.appointments.statuses.${a.status}`, { defaultValue: String(a.status) })
    : '';
  const lead = entry.leadName || t('appointments.unknownLead');
  const typeLabel = t(`leads:leadDetail.appointments.types.${type}`, { defaultValue: type });
  const cancelled = a.status === 'Cancelled';
  return (
    <UnstyledButton
      ref={setNodeRef}
      {...listeners}
      onClick={() => onOpen(entry)}
      data-appointment={a._id}
      w="100%"
      p={4}
      style={{
        display: 'block',
        borderLeft: `4px solid ${TYPE_COLORS[type] ?? 'var(--mantine-color-gray-6)'}`,
        borderRadius: 4,
        background: 'var(--mantine-color-default)',
        border: '1px solid var(--mantine-color-default-border)',
        borderLeftWidth: 4,
        borderLeftColor: TYPE_COLORS[type] ?? 'var(--mantine-color-gray-6)',
        opacity: isDragging ? 0.5 : 1,
        touchAction: canMove ? 'none' : undefined,
      }}
    >
      <Text size="xs" fw={700} td={cancelled ? 'line-through' : undefined} lineClamp={1}>
        {time(a.start_time)} {lead}
      </Text>
      <Text size="xs" lineClamp={2}>
        {typeLabel}
        {status ? ` · ${status}` : ''}
      </Text>
      {doubleBooked ? (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" fw={700} c="var(--mantine-color-red-text)" aria-hidden>
            ⚠
          </Text>
          <Text size="xs" fw={700} c="var(--mantine-color-red-text)">
            {t('appointments.doubleBooked')}
          </Text>
        </Group>
      ) : null}
    </UnstyledButton>
  );
});
