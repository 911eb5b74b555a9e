import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import type { MessageKey } from '#src/ui/messages.ts';
import { useRecordSection } from '../hooks/useRecordSection.ts';
import { eclData, type UtilityForm, utilityForm } from '../utils/utilityForm.ts';
import { FieldList } from './FieldList.tsx';
import { RecordSection } from './RecordSection.tsx';

const FIELDS: { key: keyof UtilityForm; label: MessageKey<'leads'>; numeric: boolean }[] = [
  { key: 'provider', label: 'leadDetail.utilities.provider', numeric: false },
  { key: 'bill', label: 'leadDetail.utilities.bill', numeric: true },
  { key: 'total_usage', label: 'leadDetail.utilities.totalUsage', numeric: true },
  { key: 'avg_usage', label: 'leadDetail.utilities.avgUsage', numeric: true },
  { key: 'twelve_month_usage', label: 'leadDetail.utilities.twelveMonth', numeric: false },
];

/** The lead's utility data (ecl_data), shown and edited in a modal. */
export function UtilityDataSection({ lead, canEdit }: { lead: LeadRow; canEdit: boolean }) {
  const { t } = useTranslation('leads');
  const { editLead } = useCommands();
  // The record being edited is the form's draft of the utility data.
  const flow = useRecordSection<UtilityForm>();
  const form = flow.editing?.record;
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
    const data = parsed.data;
    if (
      await flow.run(
        () => editLead(lead._id, { ecl_data: data }),
        'leads:leadDetail.utilities.updated',
        'leads:leadDetail.utilities.error',
      )
    ) {
      flow.closeEditor();
    }
  }

  return (
    <RecordSection
      title={t('leadDetail.sections.utilities')}
      action={
        canEdit && {
          label: t('leadDetail.utilities.edit'),
          variant: 'light',
          onClick: () => {
            setInvalid(undefined);
            flow.edit(shown);
          },
        }
      }
    >
      {hasData ? (
        <FieldList items={FIELDS.map((f) => ({ label: t(f.label), value: shown[f.key] }))} />
      ) : (
        t('leadDetail.utilities.none')
      )}
      <Modal opened={!!form} onClose={flow.closeEditor} title={t('leadDetail.utilities.edit')} centered>
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
                  flow.revise((old) => ({ ...old, [f.key]: next }));
                }}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={flow.closeEditor}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">{t('common.save')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </RecordSection>
  );
}
