import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { droppedStart, moveAppointment } from '#src/domain/appointmentCalendar.ts';
import { showToast } from '#src/ui/toasts.tsx';

/** Moves an appointment dropped on a day (and hour slot): same length, through the sync queue (works offline). */
export function useReschedule() {
  const { t } = useTranslation('appointments');
  const { saveRecord } = useCommands();
  return useCallback(
    async (appointment: AppointmentRow, day: string, hour?: number) => {
      const start = droppedStart(appointment, day, hour);
      if (start.getTime() === Date.parse(String(appointment.start_time))) return;
      try {
        await saveRecord('appointments', appointment._id, moveAppointment(appointment, start));
        showToast({ color: 'green', title: t('appointments.moved'), message: '' });
      } catch (err) {
        showToast({
          color: 'red',
          title: t('appointments.moveError'),
          message: err instanceof Error ? err.message : String(err),
        });
      }
    },
    [saveRecord, t],
  );
}
