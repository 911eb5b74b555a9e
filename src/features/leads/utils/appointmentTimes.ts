/** An appointment's start and end as typed (local date and time) and as stored (ISO 8601). */

export interface AppointmentTimesInput {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

export type AppointmentTimes =
  | { ok: true; start_time: string; end_time: string | null; appointment_date: string }
  | { ok: false; field: 'start' | 'end'; problem: 'startRequired' | 'endBeforeStart' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** Local wall time to an instant; an unusable value gives NaN. */
function instant(date: string, time: string): number {
  if (!DATE.test(date) || !TIME.test(time)) return Number.NaN;
  return new Date(`${date}T${time}:00`).getTime();
}

/** Checks and converts what was typed; the end may be left empty, but never be before the start. */
export function appointmentTimes(input: AppointmentTimesInput): AppointmentTimes {
  const start = instant(input.startDate, input.startTime || '00:00');
  if (Number.isNaN(start)) return { ok: false, field: 'start', problem: 'startRequired' };
  let end: number | null = null;
  if (input.endDate || input.endTime) {
    end = instant(input.endDate || input.startDate, input.endTime || '00:00');
    if (Number.isNaN(end) || end < start) return { ok: false, field: 'end', problem: 'endBeforeStart' };
  }
  return {
    ok: true,
    start_time: new Date(start).toISOString(),
    end_time: end === null ? null : new Date(end).toISOString(),
    appointment_date: input.startDate,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored instant back to the local date and time fields of the form. */
export function localParts(iso: unknown): { date: string; time: string } {
  if (typeof iso !== 'string' || Number.isNaN(Date.parse(iso))) return { date: '', time: '' };
  const d = new Date(iso);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** The form's start and end as instants (ms), as the free-times list checks them; null when not typed. */
export function chosenTimes(input: AppointmentTimesInput): { start: number | null; end: number | null } {
  const times = appointmentTimes(input);
  if (!times.ok) return { start: null, end: null };
  return { start: Date.parse(times.start_time), end: times.end_time ? Date.parse(times.end_time) : null };
}

/** A picked free time as the form's local date and time fields. */
export function slotFields(slot: { start: number; end: number }): AppointmentTimesInput {
  const start = localParts(new Date(slot.start).toISOString());
  const end = localParts(new Date(slot.end).toISOString());
  return { startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time };
}
