import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DEFAULT_DEAL_STAGES } from '../../domain/dealStages.ts';
import { localDealStages } from '../../sync/localDealStages.ts';
import { addLead, editLead } from '../../sync/outbox.ts';
import { useSync } from '../sync/SyncProvider.tsx';

const FIELDS = ['name', 'phone', 'email', 'address'] as const;
type Form = Record<(typeof FIELDS)[number] | 'deal_stage_status', string>;
const EMPTY: Form = { name: '', phone: '', email: '', address: '', deal_stage_status: '' };

/** Add or edit a lead; the change lands on the device and syncs when it can. */
export function LeadEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const navigate = useNavigate();
  const { db, afterWrite } = useSync();
  const lead = useLiveQuery(() => (isNew ? undefined : db.contacts.get(id as string)), [db, id, isNew]);
  const stages = useLiveQuery(() => localDealStages(db), [db], DEFAULT_DEAL_STAGES);
  const [form, setForm] = useState<Form>(EMPTY);
  const [loadedId, setLoadedId] = useState<string | undefined>();

  useEffect(() => {
    if (lead && loadedId !== lead._id) {
      setForm({
        name: String(lead.name ?? ''),
        phone: String(lead.phone ?? ''),
        email: String(lead.email ?? ''),
        address: String(lead.address ?? ''),
        deal_stage_status: String(lead.deal_stage_status ?? ''),
      });
      setLoadedId(lead._id);
    }
  }, [lead, loadedId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changes: Record<string, unknown> = {};
    for (const key of [...FIELDS, 'deal_stage_status'] as const) {
      const value = form[key].trim();
      if (isNew ? value !== '' : value !== String(lead?.[key] ?? '')) changes[key] = value;
    }
    try {
      if (isNew) {
        const newId = await addLead(db, changes);
        notifications.show({
          color: 'green',
          message: t('toast.leadAdded'),
          onClick: () => navigate(`/contacts/${newId}`),
          style: { cursor: 'pointer' },
        });
      } else {
        await editLead(db, id as string, changes);
        notifications.show({ color: 'green', title: t('toast.contactEdited'), message: '' });
      }
      afterWrite();
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

  return (
    <Stack component="form" onSubmit={submit} maw={560}>
      <Title order={2}>{isNew ? t('contacts.add') : t('contacts.edit')}</Title>
      {FIELDS.map((field) => (
        <TextInput
          key={field}
          label={t(`lead.${field}`)}
          value={form[field]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setForm((f) => ({ ...f, [field]: value }));
          }}
        />
      ))}
      <Select
        label={t('lead.status')}
        data={statusOptions}
        searchable
        clearable
        placeholder={t('common.searchPlaceholder')}
        nothingFoundMessage={t('common.noOptions')}
        value={form.deal_stage_status || null}
        onChange={(value) => setForm((f) => ({ ...f, deal_stage_status: value ?? '' }))}
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
