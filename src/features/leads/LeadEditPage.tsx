import {
  Alert,
  Button,
  Group,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { LeadRow } from '../../db/rows.ts';
import { useCommands } from '../../device/hooks/useCommands.ts';
import { useDealStages } from '../../device/hooks/useDealStages.ts';
import { useLead } from '../../device/hooks/useLeads.ts';
import { useUsers } from '../../device/hooks/useUsers.ts';
import { splitAppointmentDate } from '../../domain/appointmentDate.ts';
import { formatPhone, normalizePhone, phoneProblem } from '../../domain/phone.ts';
import { CREDIT_SCORES, PREFERRED_LANGUAGES } from '../../domain/schemas/lead.ts';
import { storedUser } from '../auth/index.ts';
import { useLeadFieldErrors } from './hooks/useLeadFieldErrors.ts';

const TEXT_FIELDS = ['name', 'phone', 'email', 'address'] as const;

interface Form {
  name: string;
  phone: string;
  email: string;
  address: string;
  /** 'YYYY-MM-DD HH:MM' as typed; split into date and time on save (SPEC section 5). */
  appointment: string;
  credit_score: string;
  preferred_language: string;
  energy_consultants: string[];
  deal_stage_status: string;
}

const EMPTY: Form = {
  name: '',
  phone: '',
  email: '',
  address: '',
  appointment: '',
  credit_score: '',
  preferred_language: 'english',
  energy_consultants: [],
  deal_stage_status: '',
};

/** The appointment as typed must be a date, optionally with a time (the form's own rule). */
function appointmentProblem(form: Form, t: TFunction): string | undefined {
  if (!form.appointment.trim()) return undefined;
  const split = splitAppointmentDate(form.appointment);
  return /^\d{4}-\d{2}-\d{2}$/.test(split.date) ? undefined : t('lead.appointmentFormat');
}

/** The form's fields as a stored lead fills them. */
function formOf(lead: LeadRow): Form {
  return {
    name: lead.name ?? '',
    phone: formatPhone(lead.phone ?? ''),
    email: lead.email ?? '',
    address: lead.address ?? '',
    appointment: [lead.appointment_date ?? '', lead.appointment_time ?? ''].filter(Boolean).join(' '),
    credit_score: lead.credit_score ?? '',
    preferred_language: lead.preferred_language || 'english',
    energy_consultants: Array.isArray(lead.energy_consultants) ? lead.energy_consultants : [],
    deal_stage_status: lead.deal_stage_status ?? '',
  };
}

/**
 * Add or edit a lead with the fields and rules of SPEC sections 3 and 5; it lands on the device and
 * syncs when it can. An edit shows its form only once the lead is read, so nothing typed meanwhile
 * is overwritten by the stored values.
 */
export function LeadEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const lead = useLead(isNew ? undefined : id);
  if (isNew) return <LeadForm />;
  if (lead === undefined) return <Loader aria-label={t('common.loading')} m="xl" />;
  if (lead === null || lead.deleted_at)
    return (
      <Stack maw={640}>
        <Alert color="yellow" role="alert">
          {t('leadDetail.notFound')}
        </Alert>
        <Button component={Link} to="/contacts" variant="default" w="fit-content">
          {t('leadDetail.back')}
        </Button>
      </Stack>
    );
  return <LeadForm key={lead._id} lead={lead} />;
}

function LeadForm({ lead }: { lead?: LeadRow }) {
  const { t } = useTranslation();
  const isNew = !lead;
  const id = lead?._id;
  const navigate = useNavigate();
  const { addLead, editLead } = useCommands();
  const stages = useDealStages();
  const users = useUsers();
  const [form, setForm] = useState<Form>(() => {
    if (lead) return formOf(lead);
    const me = storedUser()?._id;
    return { ...EMPTY, energy_consultants: me ? [me] : [] };
  });
  const [showProblems, setShowProblems] = useState(false);

  const fieldErrors = useLeadFieldErrors();
  // The phone as typed (letters and all) and the address, checked as the device and server will.
  const found: Partial<Record<keyof Form, string>> = {
    ...fieldErrors({ phone: form.phone, address: form.address.trim() }, lead ?? undefined),
  };
  const appointment = appointmentProblem(form, t);
  if (appointment) found.appointment = appointment;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  /** The fields to send: all filled ones for a new lead, only the changed ones for an edit. */
  function changes(): Record<string, unknown> {
    const split = form.appointment.trim() ? splitAppointmentDate(form.appointment) : { date: '', time: '' };
    const next: Record<string, unknown> = {
      name: form.name.trim(),
      phone: normalizePhone(form.phone),
      email: form.email.trim(),
      address: form.address.trim(),
      appointment_date: split.date || null,
      appointment_time: split.time || null,
      credit_score: form.credit_score || null,
      preferred_language: form.preferred_language,
      energy_consultants: form.energy_consultants,
      deal_stage_status: form.deal_stage_status,
    };
    if (isNew) {
      return Object.fromEntries(
        Object.entries(next).filter(([k, v]) => v !== null && v !== '' && !(k === 'deal_stage_status' && !v)),
      );
    }
    const before: Record<string, unknown> = {
      name: lead?.name ?? '',
      phone: lead?.phone ?? '',
      email: lead?.email ?? '',
      address: lead?.address ?? '',
      appointment_date: lead?.appointment_date || null,
      appointment_time: lead?.appointment_time || null,
      credit_score: lead?.credit_score || null,
      preferred_language: lead?.preferred_language || 'english',
      energy_consultants: Array.isArray(lead?.energy_consultants) ? lead.energy_consultants : [],
      deal_stage_status: lead?.deal_stage_status ?? '',
    };
    return Object.fromEntries(
      Object.entries(next).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k])),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(found).length) {
      setShowProblems(true);
      return;
    }
    try {
      if (isNew) {
        const newId = await addLead(changes());
        notifications.show({
          color: 'green',
          message: t('toast.leadAdded'),
          onClick: () => navigate(`/contacts/${newId}`),
          style: { cursor: 'pointer' },
        });
      } else {
        await editLead(id as string, changes());
        notifications.show({ color: 'green', title: t('toast.contactEdited'), message: '' });
      }
      navigate('/contacts');
    } catch (err) {
      notifications.show({
        color: 'red',
        title: t('toast.contactError'),
        message: err instanceof Error ? err.message : String(err),
      });
    }
  }

  const statusOptions = stages.map((stage) => ({
    group: stage.label,
    items: stage.options.map((o) => ({ value: o.value, label: o.label })),
  }));
  const error = (key: keyof Form) => (showProblems ? found[key] : undefined);

  return (
    <Stack component="form" onSubmit={submit} maw={640}>
      <Title order={1} size="h2">
        {isNew ? t('contacts.add') : t('contacts.edit')}
      </Title>
      {showProblems && Object.keys(found).length > 0 && (
        <Alert color="red" role="alert">
          {t('lead.fixProblems')}
        </Alert>
      )}
      {TEXT_FIELDS.map((field) => (
        <TextInput
          key={field}
          label={t(`lead.${field}`)}
          description={
            field === 'name' ? t('lead.nameHint') : field === 'address' ? t('lead.addressHint') : undefined
          }
          value={form[field]}
          error={error(field)}
          inputMode={field === 'phone' ? 'tel' : undefined}
          onChange={(e) => set(field, e.currentTarget.value)}
          // Shown as +1 (xxx) xxx-xxxx once typed; a number the rules refuse stays as typed, to fix.
          onBlur={
            field === 'phone' && !phoneProblem(form.phone)
              ? () => set('phone', formatPhone(form.phone))
              : undefined
          }
        />
      ))}
      <TextInput
        label={t('lead.appointment')}
        description={t('lead.appointmentHint')}
        placeholder="2026-12-01 14:30"
        value={form.appointment}
        error={error('appointment')}
        onChange={(e) => set('appointment', e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('lead.creditScore')}
          data={CREDIT_SCORES.map((c) => ({ value: c, label: c }))}
          clearable
          value={form.credit_score || null}
          onChange={(v) => set('credit_score', v ?? '')}
        />
        <Select
          label={t('lead.language')}
          data={PREFERRED_LANGUAGES.map((l) => ({ value: l, label: t(`lead.languages.${l}`) }))}
          allowDeselect={false}
          value={form.preferred_language}
          onChange={(v) => set('preferred_language', v ?? 'english')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('lead.energyConsultants')}
        searchable
        nothingFoundMessage={t('common.noOptions')}
        data={users.map((u) => ({ value: u._id, label: u.name || u.email || u._id }))}
        value={form.energy_consultants}
        onChange={(v) => set('energy_consultants', v)}
      />
      <Select
        label={t('lead.status')}
        data={statusOptions}
        searchable
        clearable
        placeholder={t('common.searchPlaceholder')}
        nothingFoundMessage={t('common.noOptions')}
        value={form.deal_stage_status || null}
        onChange={(value) => set('deal_stage_status', value ?? '')}
      />
      <Group>
        <Button type="submit">{t('common.save')}</Button>
        <Button variant="default" onClick={() => navigate('/contacts')}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
