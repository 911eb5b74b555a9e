import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { BookingSlots } from '#src/features/availability/index.ts';
import { UserSelector } from '#src/ui/selectors/UserSelector.tsx';
import { toastDone, toastFailed } from '#src/ui/toasts.tsx';
import { appointmentTimes, chosenTimes, localParts, slotFields } from '../utils/appointmentTimes.ts';
import { AppointmentFields, type AppointmentFieldValues } from './AppointmentFields.tsx';

interface Form extends AppointmentFieldValues {
  userId: string | null;
  notes: string;
}

function formOf(appointment: AppointmentRow | undefined, userId: string): Form {
  const start = localParts(appointment?.start_time);
  const end = localParts(appointment?.end_time);
  return {
    type: appointment?.appointment_type || 'In-person',
    status: appointment?.status || 'Scheduled',
    userId: appointment ? appointment.user_id || null : userId,
    notes: appointment?.notes ?? '',
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
  };
}

/** Adds an appointment to a lead or edits one: type, status, start and end, who goes, notes. */
export function AppointmentModal({
  leadId,
  userId,
  appointment,
  opened,
  onClose,
}: {
  leadId: string;
  userId: string;
  appointment: AppointmentRow | undefined;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('leads');
  const { saveRecord } = useCommands();
  const [form, setForm] = useState<Form>(() => formOf(appointment, userId));
  const [problem, setProblem] = useState<{ field: 'start' | 'end'; message: string } | undefined>();

  useEffect(() => {
    if (!opened) return;
    setForm(formOf(appointment, userId));
    setProblem(undefined);
  }, [opened, appointment, userId]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const times = appointmentTimes(form);
    if (!times.ok) {
      setProblem({ field: times.field, message: t(`leadDetail.appointments.${times.problem}`) });
      return;
    }
    setProblem(undefined);
    const fields = {
      lead_id: leadId,
      appointment_type: form.type,
      status: form.status || null,
      user_id: form.userId,
      notes: form.notes.trim() || null,
      start_time: times.start_time,
      end_time: times.end_time,
      appointment_date: times.appointment_date,
    };
    try {
      await saveRecord('appointments', appointment?._id, fields, userId);
      toastDone(appointment ? 'leads:leadDetail.appointments.edited' : 'leads:leadDetail.appointments.added');
      onClose();
    } catch (err) {
      toastFailed(
        appointment ? 'leads:leadDetail.appointments.editError' : 'leads:leadDetail.appointments.addError',
        err,
      );
    }
  }

  const error = (field: 'start' | 'end') => (problem?.field === field ? problem.message : undefined);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={appointment ? t('leadDetail.appointments.edit') : t('leadDetail.appointments.add')}
      centered
      size="lg"
    >
      <Stack component="form" onSubmit={submit}>
        <BookingSlots
          key={opened ? (appointment?._id ?? 'new') : 'closed'}
          leadId={leadId}
          chosen={{ userId: form.userId, appointmentId: appointment?._id, ...chosenTimes(form) }}
          initialDay={form.startDate}
          onPick={(slot) => setForm((f) => ({ ...f, userId: slot.userId, ...slotFields(slot) }))}
        />
        <AppointmentFields form={form} set={set} error={error} />
        <UserSelector
          label={t('leadDetail.appointments.assigned')}
          value={form.userId}
          onChange={(v) => set('userId', v)}
        />
        <Textarea
          label={t('leadDetail.appointments.notes')}
          autosize
          minRows={2}
          value={form.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit">{t('common.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
