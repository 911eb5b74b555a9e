import { Checkbox, NumberInput, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Question } from '#src/domain/surveys/index.ts';
import { PhotoAnswer } from './PhotoAnswer.tsx';

interface Props {
  question: Question;
  value: unknown;
  error: string | undefined;
  leadId: string;
  onChange(value: unknown): void;
}

/** The input of one question, as its type answers: text, a number, yes/no, choices, a date, photos. */
export function AnswerField({ question: q, value, error, leadId, onChange }: Props) {
  const { t } = useTranslation('surveys');
  const label = q.label;
  const common = { label, required: q.required, error };
  switch (q.type) {
    case 'short_text':
      return (
        <TextInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'long_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          min={q.min}
          max={q.max}
          onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'yes_no':
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(v) => onChange(v === 'yes')}
        >
          <Stack gap={6} mt={4}>
            <Radio value="yes" label={t('surveys.yes')} />
            <Radio value="no" label={t('surveys.no')} />
          </Stack>
        </Radio.Group>
      );
    case 'single_choice':
      return (
        <Radio.Group {...common} value={typeof value === 'string' ? value : ''} onChange={onChange}>
          <Stack gap={6} mt={4}>
            {(q.options ?? []).map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_choice':
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
        >
          <Stack gap={6} mt={4}>
            {(q.options ?? []).map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'photo':
      return <PhotoAnswer question={q} value={value} error={error} leadId={leadId} onChange={onChange} />;
  }
}
