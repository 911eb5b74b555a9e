import { Button, Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDefinition } from '#src/domain/tables/registry.ts';
import { type FormValues, PICKED_TYPES } from '../utils/recordForm.ts';

/** The record's editable fields. A refused save keeps what was typed (its toast says why). */
export function RecordForm({
  columns,
  initial,
  label,
  onSave,
  extra,
  choices,
}: {
  columns: readonly ColumnDefinition[];
  initial: FormValues;
  label: string;
  onSave: (values: FormValues) => Promise<void>;
  extra?: React.ReactNode;
  /** The options of picked columns (user, region), by column key. */
  choices: Record<string, { value: string; label: string }[]>;
}) {
  const { t } = useTranslation('records');
  const [values, setValues] = useState<FormValues>(initial);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    await onSave(values);
    setSaving(false);
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={label}>
      <Stack gap="sm" maw={520}>
        {columns.map((c) =>
          PICKED_TYPES.has(c.type) ? (
            <NativeSelect
              key={c.key}
              label={c.label}
              value={String(values[c.key] ?? '')}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [c.key]: value }));
              }}
              data={[{ value: '', label: t('records.none') }, ...(choices[c.key] ?? [])]}
            />
          ) : c.type === 'boolean' ? (
            <Switch
              key={c.key}
              label={c.label}
              checked={values[c.key] === true}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setValues((v) => ({ ...v, [c.key]: checked }));
              }}
            />
          ) : (
            <TextInput
              key={c.key}
              label={c.label}
              inputMode={c.type === 'text' ? undefined : 'decimal'}
              value={String(values[c.key] ?? '')}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [c.key]: value }));
              }}
            />
          ),
        )}
        <Group justify="space-between">
          {extra ?? <span />}
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
