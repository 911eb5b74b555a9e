/** An appointment date with a space (or ISO 'T') splits into date YYYY-MM-DD and time HH:MM. */

export interface SplitDate {
  date: string;
  time: string;
}

export function splitAppointmentDate(value: string): SplitDate {
  const trimmed = value.trim();
  const [datePart = '', timePart = ''] = trimmed.split(/[ T]/, 2);
  const time = /^(\d{1,2}):(\d{2})/.exec(timePart);
  return {
    date: datePart,
    time: time ? `${time[1]?.padStart(2, '0')}:${time[2]}` : '',
  };
}
