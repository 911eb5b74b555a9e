import { NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConditionValue } from '#src/domain/surveys/index.ts';
import type { DraftQuestion } from '../utils/templateDraft.ts';

/** The answer of an earlier question that makes this one show, typed as that question answers. */
export function ConditionValueInput({
  label,
  target,
  value,
  onChange,
}: {
  label: string;
  target: DraftQuestion;
  value: ConditionValue | '';
  onChange(value: ConditionValue | ''): void;
}) {
  const { t } = useTranslation('surveys');
  if (target.type === 'yes_no')
    return (
      <Select
        label={label}
        data={[
          { value: 'true', label: t('surveys.yes') },
          { value: 'false', label: t('surveys.no') },
        ]}
        value={value === '' ? null : String(value)}
        onChange={(v) => onChange(v === null ? '' : v === 'true')}
      />
    );
  if (target.type === 'single_choice' || target.type === 'multiple_choice') {
    const options = target.options
      .split('\n')
      .map((o) => o.trim())
      .filter(Boolean);
    return (
      <Select
        label={label}
        data={[...new Set(options)]}
        value={typeof value === 'string' && value ? value : null}
        onChange={(v) => onChange(v ?? '')}
      />
    );
  }
  if (target.type === 'number')
    return (
      <NumberInput
        label={label}
        value={typeof value === 'number' ? value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : '')}
      />
    );
  return <TextInput label={label} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
}
