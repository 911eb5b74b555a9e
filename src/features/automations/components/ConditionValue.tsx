import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConditionRule } from '#src/domain/automations/schemas.ts';
import { RegionSelector } from '#src/ui/selectors/RegionSelector.tsx';
import { TeamSelector } from '#src/ui/selectors/TeamSelector.tsx';
import { UserSelector } from '#src/ui/selectors/UserSelector.tsx';

/**
 * The value a rule compares with: a team, region or person picked from the device for those fields,
 * a stage or status from the org's list, else typed (comma separated for 'is one of').
 */
export function ConditionValue({
  rule,
  n,
  stages,
  statuses,
  onChange,
}: {
  rule: ConditionRule;
  n: number;
  stages: string[];
  statuses: string[];
  onChange(value: ConditionRule['value']): void;
}) {
  const { t } = useTranslation('automations');
  const label = t('automations.conditionValue', { n });
  const many = rule.op === 'in';
  const list = Array.isArray(rule.value) ? rule.value : rule.value ? [String(rule.value)] : [];
  const one = Array.isArray(rule.value) ? (rule.value[0] ?? null) : rule.value ? String(rule.value) : null;
  const picked = (v: string | string[] | null) => onChange(Array.isArray(v) ? v : (v ?? ''));
  if (rule.field === 'team_id')
    return many ? (
      <TeamSelector multiple label={label} value={list} onChange={picked} />
    ) : (
      <TeamSelector label={label} value={one} onChange={picked} />
    );
  if (rule.field === 'region_id')
    return many ? (
      <RegionSelector multiple label={label} value={list} onChange={picked} />
    ) : (
      <RegionSelector label={label} value={one} onChange={picked} />
    );
  if (rule.field === 'owner_id')
    return many ? (
      <UserSelector multiple label={label} value={list} onChange={picked} />
    ) : (
      <UserSelector label={label} value={one} onChange={picked} />
    );
  if ((rule.field === 'deal_stage' || rule.field === 'deal_stage_status') && !many) {
    return (
      <Select
        label={label}
        data={rule.field === 'deal_stage' ? stages : statuses}
        value={one}
        searchable
        onChange={picked}
        comboboxProps={{ withinPortal: false }}
      />
    );
  }
  const text = Array.isArray(rule.value) ? rule.value.join(', ') : String(rule.value ?? '');
  return (
    <TextInput
      label={label}
      value={text}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        onChange(many ? typed.split(',').map((s) => s.trim()) : typed);
      }}
    />
  );
}
