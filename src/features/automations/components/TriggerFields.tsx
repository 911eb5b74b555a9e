import { Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TRIGGER_TYPES, type Trigger, type TriggerType } from '#src/domain/automations/schemas.ts';
import { blankTrigger } from '../utils/draft.ts';

/** The trigger: what starts the automation, and the fields of that kind of trigger. */
export function TriggerFields({
  trigger,
  statuses,
  onChange,
}: {
  trigger: Trigger;
  statuses: string[];
  onChange(trigger: Trigger): void;
}) {
  const { t } = useTranslation('automations');
  const statusData = statuses.map((s) => ({ value: s, label: s }));
  const anyStatus = [{ value: '', label: t('automations.anyStatus') }, ...statusData];
  return (
    <Stack gap="xs">
      <Select
        label={t('automations.triggerType')}
        data={TRIGGER_TYPES.map((type) => ({ value: type, label: t(`automations.triggers.${type}`) }))}
        value={trigger.type}
        allowDeselect={false}
        onChange={(v) => v && onChange(blankTrigger(v as TriggerType))}
        comboboxProps={{ withinPortal: false }}
      />
      {trigger.type === 'status_changed' && (
        <Group grow align="flex-start">
          <Select
            label={t('automations.fromStatus')}
            data={anyStatus}
            value={trigger.from ?? ''}
            searchable
            onChange={(v) => onChange({ ...trigger, from: v || null })}
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t('automations.toStatus')}
            data={anyStatus}
            value={trigger.to ?? ''}
            searchable
            onChange={(v) => onChange({ ...trigger, to: v || null })}
            comboboxProps={{ withinPortal: false }}
          />
        </Group>
      )}
      {(trigger.type === 'field_changed' || trigger.type === 'date_reached') && (
        <TextInput
          label={t('automations.field')}
          value={trigger.field}
          onChange={(e) => onChange({ ...trigger, field: e.currentTarget.value })}
        />
      )}
      {trigger.type === 'days_in_status' && (
        <Group grow align="flex-start">
          <Select
            label={t('automations.status')}
            data={statusData}
            value={trigger.status || null}
            searchable
            onChange={(v) => onChange({ ...trigger, status: v ?? '' })}
            comboboxProps={{ withinPortal: false }}
          />
          <NumberInput
            label={t('automations.days')}
            min={1}
            max={365}
            value={trigger.days}
            onChange={(v) => onChange({ ...trigger, days: Number(v) || 1 })}
          />
        </Group>
      )}
    </Stack>
  );
}
