import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '../../../domain/schemas/records.ts';
import { CustomerSelector } from '../../../ui/selectors/CustomerSelector.tsx';
import { UserSelector } from '../../../ui/selectors/UserSelector.tsx';
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
  const { t, i18n } = useTranslation();
  const { form, set, submit, error } = useAppointmentForm(target, me, onClose);
  const editing = target && 'appointment' in target;
  const locale = i18n.language === 'es' ? 'es' : 'en';
  return (
    <Modal
      opened={!!target}
      onClose={onClose}
      title={editing ? t('leadDetail.appointments.edit') : t('appointments.new')}
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
        <UserSelector label={t('appointments.rep')} value={form.userId} onChange={(v) => set('userId', v)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t('leadDetail.appointments.type')}
            data={APPOINTMENT_TYPES.map((v) => ({
              value: v,
              label: t(`leadDetail.appointments.types.${v}`),
            }))}
            value={form.type}
            allowDeselect={false}
            onChange={(v) => v && set('type', v)}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t('leadDetail.appointments.status')}
            data={APPOINTMENT_STATUSES.map((v) => ({
              value: v,
              label: t(`leadDetail.appointments.statuses.${v}`),
            }))}
            value={form.status}
            allowDeselect={false}
            onChange={(v) => v && set('status', v)}
            comboboxProps={{ withinPortal: false }}
          />
          <DateInput
            locale={locale}
            label={t('leadDetail.appointments.startDate')}
            valueFormat="YYYY-MM-DD"
            placeholder="2026-12-01"
            value={form.startDate || null}
            onChange={(v) => set('startDate', v ?? '')}
            error={error('start')}
            popoverProps={{ withinPortal: false }}
          />
          <TimeInput
            label={t('leadDetail.appointments.startTime')}
            value={form.startTime}
            onChange={(e) => set('startTime', e.currentTarget.value)}
          />
          <DateInput
            locale={locale}
            label={t('leadDetail.appointments.endDate')}
            valueFormat="YYYY-MM-DD"
            placeholder="2026-12-01"
            clearable
            clearButtonProps={{ 'aria-label': t('leadDetail.appointments.clearEndDate') }}
            value={form.endDate || null}
            onChange={(v) => set('endDate', v ?? '')}
            popoverProps={{ withinPortal: false }}
          />
          <TimeInput
            label={t('leadDetail.appointments.endTime')}
            value={form.endTime}
            error={error('end')}
            onChange={(e) => set('endTime', e.currentTarget.value)}
          />
        </SimpleGrid>
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
