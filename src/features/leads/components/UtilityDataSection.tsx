import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityRow } from '../../../db/rows.ts';
import { useCommands } from '../../../device/hooks/useCommands.ts';
import { useFeedback } from '../hooks/useFeedback.ts';
import { eclData, type UtilityForm, utilityForm } from '../utils/utilityForm.ts';
import { FieldList } from './FieldList.tsx';
import { Section } from './Section.tsx';

const FIELDS: { key: keyof UtilityForm; label: string; numeric: boolean }[] = [
  { key: 'provider', label: 'leadDetail.utilities.provider', numeric: false },
  { key: 'bill', label: 'leadDetail.utilities.bill', numeric: true },
  { key: 'total_usage', label: 'leadDetail.utilities.totalUsage', numeric: true },
  { key: 'avg_usage', label: 'leadDetail.utilities.avgUsage', numeric: true },
  { key: 'twelve_month_usage', label: 'leadDetail.utilities.twelveMonth', numeric: false },
];

/** The lead's utility data (ecl_data), shown and edited in a modal. */
export function UtilityDataSection({ lead, canEdit }: { lead: EntityRow; canEdit: boolean }) {
  const { t } = useTranslation();
  const { editLead } = useCommands();
  const feedback = useFeedback();
  const [form, setForm] = useState<UtilityForm | undefined>();
  const [invalid, setInvalid] = useState<keyof UtilityForm | undefined>();
  const shown = utilityForm(lead.ecl_data);
  const hasData = Object.values(shown).some(Boolean);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    const parsed = eclData(form);
    if (!parsed.ok) {
      setInvalid(parsed.field);
      return;
    }
    try {
      await editLead(lead._id, { ecl_data: parsed.data });
      feedback.done('leadDetail.utilities.updated');
      setForm(undefined);
    } catch (err) {
      feedback.failed('leadDetail.utilities.error', err);
    }
  }

  return (
    <Section
      title={t('leadDetail.sections.utilities')}
      actions={
        canEdit && (
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              setInvalid(undefined);
              setForm(shown);
            }}
          >
            {t('leadDetail.utilities.edit')}
          </Button>
        )
      }
    >
      {hasData ? (
        <FieldList items={FIELDS.map((f) => ({ label: t(f.label), value: shown[f.key] }))} />
      ) : (
        t('leadDetail.utilities.none')
      )}
      <Modal
        opened={!!form}
        onClose={() => setForm(undefined)}
        title={t('leadDetail.utilities.edit')}
        centered
      >
        {form && (
          <Stack component="form" onSubmit={submit}>
            {FIELDS.map((f) => (
              <TextInput
                key={f.key}
                label={t(f.label)}
                inputMode={f.numeric ? 'decimal' : undefined}
                value={form[f.key]}
                error={
                  invalid === f.key
                    ? f.key === 'twelve_month_usage'
                      ? t('leadDetail.utilities.twelveMonthInvalid')
                      : t('common.error')
                    : undefined
                }
                onChange={(e) => {
                  const next = e.currentTarget.value;
                  setForm((old) => (old ? { ...old, [f.key]: next } : old));
                }}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setForm(undefined)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">{t('common.save')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Section>
  );
}
