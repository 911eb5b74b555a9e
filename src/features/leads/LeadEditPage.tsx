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
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { LeadRow } from '#src/db/rows.ts';
import { useActivityLog } from '#src/device/hooks/useActivityLog.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { useLead } from '#src/device/hooks/useLeads.ts';
import { useUsers } from '#src/device/hooks/useUsers.ts';
import { CONTRACT_SIGNED_STATUS, dealProblems, localDay } from '#src/domain/deal.ts';
import { isEmptyLead } from '#src/domain/leadNormalization.ts';
import { can } from '#src/domain/permissions.ts';
import { formatPhone, phoneProblem } from '#src/domain/phone.ts';
import { CREDIT_SCORES, PREFERRED_LANGUAGES } from '#src/domain/schemas/lead.ts';
import { showLeadAdded, toastDone, toastFailed } from '#src/ui/toasts.tsx';
import { storedUser } from '../auth/index.ts';
import { DealFields } from './components/DealFields.tsx';
import { LeadNotOnDevice } from './components/LeadNotOnDevice.tsx';
import { useLeadFieldErrors } from './hooks/useLeadFieldErrors.ts';
import { mayEditLeadFields } from './utils/leadAccess.ts';
import {
  appointmentProblem,
  EMPTY_LEAD_FORM,
  type LeadForm as Form,
  leadChanges,
  leadFormOf,
} from './utils/leadForm.ts';

const TEXT_FIELDS = ['name', 'phone', 'email', 'address'] as const;

/**
 * Add or edit a lead with the fields and rules of SPEC sections 3 and 5; it lands on the device and
 * syncs when it can. An edit shows its form only once the lead is read, so nothing typed meanwhile
 * is overwritten by the stored values.
 */
export function LeadEditPage() {
  const { t } = useTranslation(['leads', 'tables']);
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const lead = useLead(isNew ? undefined : id);
  const actor = useActor();
  // Only what the server would take is offered: adding needs contacts.create, editing the lead's
  // details contacts.edit on it.
  const refused = (message: string) => (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {isNew ? t('tables:contacts.add') : t('tables:contacts.edit')}
      </Title>
      <Alert color="yellow">{message}</Alert>
    </Stack>
  );
  if (isNew) return can(actor, 'contacts.create') ? <LeadForm /> : refused(t('lead.cannotAdd'));
  if (lead === undefined) return <Loader aria-label={t('common.loading')} m="xl" />;
  if (lead === null || lead.deleted_at) return <LeadNotOnDevice />;
  if (!mayEditLeadFields(actor, lead)) return refused(t('lead.cannotEdit'));
  return <LeadForm key={lead._id} lead={lead} />;
}

function LeadForm({ lead }: { lead?: LeadRow }) {
  const { t } = useTranslation(['leads', 'tables']);
  const isNew = !lead;
  const id = lead?._id;
  const navigate = useNavigate();
  const { addLead, editLead } = useCommands();
  const activity = useActivityLog();
  const stages = useDealStages();
  const users = useUsers();
  const [form, setForm] = useState<Form>(() => {
    if (lead) return leadFormOf(lead);
    const me = storedUser()?._id;
    return { ...EMPTY_LEAD_FORM, energy_consultants: me ? [me] : [] };
  });
  const [showProblems, setShowProblems] = useState(false);

  const fieldErrors = useLeadFieldErrors();
  // The phone as typed (letters and all) and the address, checked as the device and server will.
  const found: Partial<Record<keyof Form, string>> = {
    ...fieldErrors({ phone: form.phone, address: form.address.trim() }, lead ?? undefined),
  };
  const appointment = appointmentProblem(form) ? t('lead.appointmentFormat') : undefined;
  if (appointment) found.appointment = appointment;
  const dealFound = dealProblems(form.deal);
  if (Object.keys(dealFound).length) found.deal = t('lead.fixProblems');
  // The shared rule for a new lead (a pin on the map has its place; this form needs one of these).
  if (isNew && isEmptyLead(leadChanges(form))) found.name = t('lead.emptyLead');
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  // A contract signed now is signed today unless its day is typed.
  const setStatus = (status: string) =>
    setForm((f) => ({
      ...f,
      deal_stage_status: status,
      deal:
        status === CONTRACT_SIGNED_STATUS && !f.deal.contract_signed_date
          ? { ...f.deal, contract_signed_date: localDay(new Date()) }
          : f.deal,
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(found).length) {
      setShowProblems(true);
      return;
    }
    try {
      if (isNew) {
        const newId = await addLead(leadChanges(form));
        showLeadAdded(() => navigate(`/contacts/${newId}`));
      } else {
        const changes = leadChanges(form, lead);
        await editLead(id as string, changes);
        activity.event('lead_edit', { table: 'contacts', ref: id, value: Object.keys(changes) });
        toastDone('toast.contactEdited');
      }
      navigate('/contacts');
    } catch (err) {
      toastFailed(isNew ? 'toast.contactAddError' : 'toast.contactError', err);
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
        {isNew ? t('tables:contacts.add') : t('tables:contacts.edit')}
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
        onChange={(value) => setStatus(value ?? '')}
      />
      <DealFields
        value={form.deal}
        onChange={(deal) => set('deal', deal)}
        problems={showProblems ? dealFound : {}}
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
