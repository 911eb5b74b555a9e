import { ActionIcon, Button, Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  type ConditionRule,
  type Conditions,
} from '#src/domain/automations/schemas.ts';
import { ConditionValue } from './ConditionValue.tsx';

const KNOWN_FIELDS = ['deal_stage', 'deal_stage_status', 'team_id', 'region_id', 'owner_id'] as const;

/** What must hold of the lead for the automation to act: all or any of the rules. */
export function ConditionFields({
  conditions,
  stages,
  statuses,
  onChange,
}: {
  conditions: Conditions;
  stages: string[];
  statuses: string[];
  onChange(conditions: Conditions): void;
}) {
  const { t } = useTranslation('automations');
  const setRule = (i: number, rule: ConditionRule) =>
    onChange({ ...conditions, rules: conditions.rules.map((r, j) => (j === i ? rule : r)) });
  return (
    <Stack gap="xs">
      <Select
        label={t('automations.match')}
        data={[
          { value: 'all', label: t('automations.matchAll') },
          { value: 'any', label: t('automations.matchAny') },
        ]}
        value={conditions.match}
        allowDeselect={false}
        onChange={(v) => v && onChange({ ...conditions, match: v as 'all' | 'any' })}
        comboboxProps={{ withinPortal: false }}
      />
      {conditions.rules.map((rule, i) => {
        const n = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their place is their identity.
          <Group key={i} align="flex-end" wrap="wrap">
            <Select
              label={t('automations.conditionField', { n })}
              data={KNOWN_FIELDS.map((f) => ({ value: f, label: t(`automations.fields.${f}`) }))}
              value={rule.field}
              allowDeselect={false}
              onChange={(v) => v && setRule(i, { ...rule, field: v, value: '' })}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label={t('automations.conditionOp', { n })}
              data={CONDITION_OPERATORS.map((op) => ({ value: op, label: t(`automations.ops.${op}`) }))}
              value={rule.op}
              allowDeselect={false}
              onChange={(v) => v && setRule(i, { ...rule, op: v as ConditionOperator })}
              comboboxProps={{ withinPortal: false }}
            />
            {rule.op !== 'empty' && rule.op !== 'not_empty' && (
              <ConditionValue
                rule={rule}
                n={n}
                stages={stages}
                statuses={statuses}
                onChange={(value) => setRule(i, { ...rule, value })}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('automations.removeCondition', { n })}
              onClick={() => onChange({ ...conditions, rules: conditions.rules.filter((_, j) => j !== i) })}
            >
              ×
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            onChange({
              ...conditions,
              rules: [...conditions.rules, { field: 'deal_stage', op: 'eq', value: '' }],
            })
          }
        >
          {t('automations.addCondition')}
        </Button>
      </Group>
    </Stack>
  );
}
