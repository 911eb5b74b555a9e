import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { appointmentTimes, localParts } from '#src/features/leads/index.ts';
import { showToast } from '#src/ui/toasts.tsx';

export interface AppointmentForm {
  leadId: string | null;
  userId: string | null;
  type: string;
  status: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  notes: string;
}

/** What the editor opens on: an appointment to edit, or a new one (optionally at a day and hour). */
export type EditorTarget = { appointment: AppointmentRow } | { day: string; hour?: number | undefined };

const pad = (n: number) => String(n).padStart(2, '0');

function formOf(target: EditorTarget, me: string): AppointmentForm {
  if ('appointment' in target) {
    const a = target.appointment;
    const start = localParts(a.start_time);
    const end = localParts(a.end_time);
    return {
      leadId: a.lead_id ? String(a.lead_id) : null,
      userId: a.user_id ? String(a.user_id) : null,
      type: String(a.appointment_type || 'In-person'),
      status: String(a.status || 'Scheduled'),
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
      notes: String(a.notes ?? ''),
    };
  }
  const hour = target.hour ?? 9;
  return {
    leadId: null,
    userId: me,
    type: 'In-person',
    status: 'Scheduled',
    startDate: target.day,
    startTime: `${pad(hour)}:00`,
    endDate: target.day,
    endTime: `${pad(Math.min(hour + 1, 23))}:${hour >= 23 ? '59' : '00'}`,
    notes: '',
  };
}

type Problem = { field: 'lead' | 'start' | 'end'; message: string };

/** The appointment editor's form: typed values kept on a problem, saved through the sync queue. */
export function useAppointmentForm(target: EditorTarget | undefined, me: string, onDone: () => void) {
  const { t } = useTranslation(['appointments', 'leads']);
  const { saveRecord } = useCommands();
  const [form, setForm] = useState<AppointmentForm>(() => formOf(target ?? { day: '' }, me));
  const [problem, setProblem] = useState<Problem | undefined>();

  useEffect(() => {
    if (!target) return;
    setForm(formOf(target, me));
    setProblem(undefined);
  }, [target, me]);

  const set = <K extends keyof AppointmentForm>(key: K, value: AppointmentForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  /** A free time picked from the lead's rule: its rep, start and end. */
  const pick = (
    userId: string,
    times: Pick<AppointmentForm, 'startDate' | 'startTime' | 'endDate' | 'endTime'>,
  ) => setForm((f) => ({ ...f, userId, ...times }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.leadId) {
      setProblem({ field: 'lead', message: t('appointments.leadRequired') });
      return;
    }
    const times = appointmentTimes(form);
    if (!times.ok) {
      setProblem({ field: times.field, message: t(`leads:leadDetail.appointments.${times.problem}`) });
      return;
    }
    setProblem(undefined);
    const editing = target && 'appointment' in target ? target.appointment : undefined;
    try {
      await saveRecord(
        'appointments',
        editing?._id,
        {
          lead_id: form.leadId,
          user_id: form.userId,
          appointment_type: form.type,
          status: form.status || null,
          notes: form.notes.trim() || null,
          start_time: times.start_time,
          end_time: times.end_time,
          appointment_date: times.appointment_date,
        },
        me,
      );
      showToast({
        color: 'green',
        title: t(editing ? 'leads:leadDetail.appointments.edited' : 'leads:leadDetail.appointments.added'),
        message: '',
      });
      onDone();
    } catch (err) {
      showToast({
        color: 'red',
        title: t(
          editing ? 'leads:leadDetail.appointments.editError' : 'leads:leadDetail.appointments.addError',
        ),
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }

  const error = (field: Problem['field']) => (problem?.field === field ? problem.message : undefined);
  return { form, set, pick, submit, error };
}
