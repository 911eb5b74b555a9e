import { Anchor, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookingSlots } from '#src/features/availability/index.ts';
import { AppointmentFields, chosenTimes, slotFields } from '#src/features/leads/index.ts';
import { CustomerSelector } from '#src/ui/selectors/CustomerSelector.tsx';
import { UserSelector } from '#src/ui/selectors/UserSelector.tsx';
import { type EditorTarget, useAppointmentForm } from '../hooks/useAppointmentForm.ts';

/** Adds or edits an appointment: lead, rep, type, status, start, end, notes (the keyboard way to reschedule). */
export function AppointmentEditor({
  target,
  me,
  onClose,
}: {
  target: EditorTarget | undefined;
  me: string;
  onClose(): void;
}) {
  const { t } = useTranslation(['appointments', 'leads']);
  const { form, set, pick, submit, error } = useAppointmentForm(target, me, onClose);
  const editing = target && 'appointment' in target;
  return (
    <Modal
      opened={!!target}
      onClose={onClose}
      title={editing ? t('leads:leadDetail.appointments.edit') : t('appointments.new')}
      centered
      size="lg"
    >
      <Stack component="form" onSubmit={submit}>
        <CustomerSelector
          label={t('appointments.lead')}
          value={form.leadId}
          onChange={(v) => set('leadId', v)}
          error={error('lead')}
        />
        {editing && form.leadId ? (
          <Anchor component={Link} to={`/contacts/${form.leadId}`} size="sm">
            {t('appointments.openLead')}
          </Anchor>
        ) : null}
        <BookingSlots
          key={editorKey(target)}
          leadId={form.leadId}
          chosen={{
            userId: form.userId,
            appointmentId: target && 'appointment' in target ? target.appointment._id : undefined,
            ...chosenTimes(form),
          }}
          initialDay={form.startDate}
          onPick={(slot) => pick(slot.userId, slotFields(slot))}
        />
        <UserSelector label={t('appointments.rep')} value={form.userId} onChange={(v) => set('userId', v)} />
        <AppointmentFields form={form} set={set} error={error} />
        <Textarea
          label={t('leads:leadDetail.appointments.notes')}
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

/** Which editing the free times are shown for: they start again on the form's day each time it opens. */
function editorKey(target: EditorTarget | undefined): string {
  if (!target) return 'closed';
  return 'appointment' in target ? target.appointment._id : `${target.day}-${target.hour ?? ''}`;
}
