import { useLiveQuery } from 'dexie-react-hooks';
import { appointmentsBetween, type CalendarEntry } from '#src/db/queries/appointments.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The shapes this hook answers with, for the screens that show them. */
export type { CalendarEntry } from '#src/db/queries/appointments.ts';

/** The appointments the device holds starting in [from, to), with their lead (undefined while reading). */
export function useAppointmentsBetween(from: Date, to: Date): CalendarEntry[] | undefined {
  const { db } = useDevice();
  const start = from.getTime();
  const end = to.getTime();
  return useLiveQuery(() => appointmentsBetween(db, new Date(start), new Date(end)), [db, start, end]);
}
