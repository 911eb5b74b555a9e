import '@mantine/dates/styles.css';
// Month and weekday names of the date picker in Spanish (a few hundred bytes).
import 'dayjs/locale/es';
import { Select, SimpleGrid } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_STATUSES, APPOINTMENT_TYPES } from '#src/domain/schemas/records.ts';
import type { AppointmentTimesInput } from '../utils/appointmentTimes.ts';

export interface AppointmentFieldValues extends AppointmentTimesInput {
  type: string;
  status: string;
}

interface Props {
  form: AppointmentFieldValues;
  set<K extends keyof AppointmentFieldValues>(key: K, value: AppointmentFieldValues[K]): void;
  /** The reason the start or the end cannot be saved, shown under it. */
  error(field: 'start' | 'end'): string | undefined;
}

/** An appointment's type, status, start and end, as the lead page and the appointments calendar edit them. */
export function AppointmentFields({ form, set, error }: Props) {
  const { t, i18n } = useTranslation('leads');
  const locale = i18n.language === 'es' ? 'es' : 'en';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <Select
        label={t('leadDetail.appointments.type')}
        data={APPOINTMENT_TYPES.map((v) => ({ value: v, label: t(`leadDetail.appointments.types.${v}`) }))}
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
  );
}
