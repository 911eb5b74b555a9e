import {
  ActionIcon,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHOICE_TYPES, QUESTION_TYPES, type QuestionType } from '#src/domain/surveys/index.ts';
import type { DraftQuestion } from '../utils/templateDraft.ts';
import { ConditionValueInput } from './ConditionValueInput.tsx';

interface Props {
  question: DraftQuestion;
  index: number;
  count: number;
  /** The questions above this one: a condition may only depend on them. */
  earlier: readonly DraftQuestion[];
  errors: Record<string, string>;
  onChange(next: DraftQuestion): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/** One question of the template builder: its text, answer type, options, range and condition. */
export function QuestionEditor({
  question: q,
  index,
  count,
  earlier,
  errors,
  onChange,
  onMove,
  onRemove,
}: Props) {
  const { t } = useTranslation('surveys');
  const n = index + 1;
  const set = (patch: Partial<DraftQuestion>) => onChange({ ...q, ...patch });
  const target = earlier.find((e) => e.id === q.showIf);
  const conditionTargets = earlier.filter((e) => e.type !== 'photo');
  return (
    <Paper component="li" withBorder p="sm" aria-label={t('surveys.builder.question', { n })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t('surveys.builder.question', { n })}</Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label={t('surveys.builder.moveUp', { n })}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={t('surveys.builder.moveDown', { n })}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="light"
              color="red"
              aria-label={t('surveys.builder.remove', { n })}
              onClick={onRemove}
            >
              ×
            </ActionIcon>
          </Group>
        </Group>
        <TextInput
          label={t('surveys.builder.label', { n })}
          value={q.label}
          error={errors.label}
          onChange={(e) => set({ label: e.currentTarget.value })}
        />
        <Group grow align="flex-end" wrap="wrap">
          <Select
            label={t('surveys.builder.type', { n })}
            data={QUESTION_TYPES.map((type) => ({ value: type, label: t(`surveys.builder.types.${type}`) }))}
            value={q.type}
            allowDeselect={false}
            error={errors.type}
            onChange={(type) => type && set({ type: type as QuestionType })}
          />
          <Checkbox
            label={t('surveys.builder.required', { n })}
            checked={q.required}
            onChange={(e) => set({ required: e.currentTarget.checked })}
          />
        </Group>
        {CHOICE_TYPES.has(q.type) && (
          <Textarea
            label={t('surveys.builder.options', { n })}
            value={q.options}
            autosize
            minRows={2}
            error={errors.options}
            onChange={(e) => set({ options: e.currentTarget.value })}
          />
        )}
        {q.type === 'number' && (
          <Group grow>
            <NumberInput
              label={t('surveys.builder.min', { n })}
              value={q.min}
              error={errors.min}
              onChange={(v) => set({ min: typeof v === 'number' ? v : '' })}
            />
            <NumberInput
              label={t('surveys.builder.max', { n })}
              value={q.max}
              error={errors.max}
              onChange={(v) => set({ max: typeof v === 'number' ? v : '' })}
            />
          </Group>
        )}
        {conditionTargets.length > 0 && (
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('surveys.builder.showIf', { n })}
              data={[
                { value: '', label: t('surveys.builder.always') },
                ...conditionTargets.map((e) => ({
                  value: e.id,
                  label: e.label.trim() || t('surveys.builder.question', { n: earlier.indexOf(e) + 1 }),
                })),
              ]}
              value={q.showIf}
              allowDeselect={false}
              error={errors.show_if}
              onChange={(id) => set({ showIf: id ?? '', showValue: '' })}
            />
            {target && (
              <ConditionValueInput
                label={t('surveys.builder.equals', { n })}
                target={target}
                value={q.showValue}
                onChange={(showValue) => set({ showValue })}
              />
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
