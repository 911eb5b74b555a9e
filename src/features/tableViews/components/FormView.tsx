import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '#src/db/rows.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useRegions } from '#src/device/hooks/useTeams.ts';
import { useUsers } from '#src/device/hooks/useUsers.ts';
import { can } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import {
  type FormField,
  type FormTable,
  type FormValue,
  formFieldsOf,
  inputValue,
  isFormTable,
  moveFormField,
  readForm,
  resolveFormFields,
  toggleFormField,
} from '#src/domain/tables/formLayout.ts';
import type { TableDefinition } from '#src/domain/tables/registry.ts';
import { showToast } from '#src/ui/toasts.tsx';
import { useViewProperties } from '../hooks/useViewProperties.ts';
import { useViewRendered } from '../hooks/useViewRendered.ts';
import { rowTitle } from '../utils/rowTitle.ts';
import type { TableViewProps } from '../utils/viewProps.ts';

/** Records listed in the picker; form tables are reference data of a few hundred rows at most. */
const PICKER_LIMIT = 500;
const NEW = '';

/**
 * One record of a form-builder table in a form of the fields an admin chose and ordered. Admins
 * save (checked with the shared schemas); everyone else reads.
 */
export default function FormView({ table, rows, view, readOnly, updateView }: TableViewProps) {
  const { t } = useTranslation('tableViews');
  const actor = useActor();
  useViewRendered();
  const [selected, setSelected] = useState<string>(() => rows[0]?._id ?? NEW);
  const [building, setBuilding] = useState(false);
  const [properties, setProperties] = useViewProperties(view, updateView);
  if (!isFormTable(table.key)) return null;
  const key: FormTable = table.key;
  const shown = resolveFormFields(key, properties.formFields);
  const record = rows.find((r) => r._id === selected);
  const canEdit =
    key === 'users'
      ? can(actor, 'users.manage')
      : recordDenial(actor, key, record ? 'edit' : 'create', undefined) === undefined;
  // New users are created by the server (users/add sends the invitation), so the device edits only.
  const canCreate = canEdit && key !== 'users';
  const creating = !record && selected === NEW && canCreate;

  return (
    <Stack gap="sm" maw={640}>
      <Group align="flex-end">
        <NativeSelect
          label={t('tableViews.record')}
          value={record ? record._id : NEW}
          onChange={(e) => setSelected(e.currentTarget.value)}
          data={[
            ...(canCreate || !record
              ? [{ value: NEW, label: canCreate ? t('tableViews.newRecord') : '—' }]
              : []),
            ...rows.slice(0, PICKER_LIMIT).map((r) => ({
              value: r._id,
              label: rowTitle(r, table) || t('tableViews.untitled'),
            })),
          ]}
        />
        {canCreate && (
          <Button variant="default" onClick={() => setSelected(NEW)}>
            {t('tableViews.newRecord')}
          </Button>
        )}
        {canEdit && !readOnly && (
          <Button variant="default" onClick={() => setBuilding((b) => !b)} aria-expanded={building}>
            {t('tableViews.editForm')}
          </Button>
        )}
      </Group>
      {!canEdit && <Alert color="gray">{t('tableViews.readOnly')}</Alert>}
      {canEdit && key === 'users' && (
        <Text size="sm" c="dimmed">
          {t('tableViews.noUserCreate')}
        </Text>
      )}
      {building && canEdit && !readOnly && (
        <FormBuilder
          table={key}
          keys={shown.map((f) => f.key)}
          onChange={(formFields) => setProperties({ formFields })}
          onDone={() => setBuilding(false)}
        />
      )}
      {record || creating ? (
        <RecordForm
          key={record?._id ?? 'new'}
          table={table}
          formTable={key}
          fields={shown}
          record={record}
          readOnly={!canEdit}
          onCreated={setSelected}
        />
      ) : (
        <Text c="dimmed">{t('tableViews.pickRecord')}</Text>
      )}
    </Stack>
  );
}

function FormBuilder({
  table,
  keys,
  onChange,
  onDone,
}: {
  table: FormTable;
  keys: string[];
  onChange: (keys: string[]) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('tableViews');
  const all = formFieldsOf(table).map((f) => f.key);
  // Chosen fields in their order, then the others.
  const listed = [...keys, ...all.filter((k) => !keys.includes(k))];
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('tableViews.formFields')}>
      <Title order={4} size="h6" mb="xs">
        {t('tableViews.formFields')}
      </Title>
      <Stack gap={4}>
        {listed.map((k) => {
          const label = t(`tableViews.field.${k}`, { defaultValue: k });
          const index = keys.indexOf(k);
          return (
            <Group key={k} justify="space-between" wrap="nowrap">
              <Checkbox
                label={label}
                aria-label={t('tableViews.showField', { field: label })}
                checked={index >= 0}
                onChange={() => onChange(toggleFormField(table, keys, k))}
              />
              <Group gap={4}>
                <ActionIcon
                  variant="default"
                  aria-label={t('tableViews.moveUp', { field: label })}
                  disabled={index <= 0}
                  onClick={() => onChange(moveFormField(keys, k, -1))}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t('tableViews.moveDown', { field: label })}
                  disabled={index < 0 || index >= keys.length - 1}
                  onClick={() => onChange(moveFormField(keys, k, 1))}
                >
                  ↓
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
      </Stack>
      <Button mt="sm" size="xs" onClick={onDone}>
        {t('tableViews.done')}
      </Button>
    </Paper>
  );
}

function RecordForm({
  table,
  formTable,
  fields,
  record,
  readOnly,
  onCreated,
}: {
  table: TableDefinition;
  formTable: FormTable;
  fields: FormField[];
  record: TableRow | undefined;
  readOnly: boolean;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation('tableViews');
  const { saveRecord, writeRow } = useCommands();
  const users = useUsers();
  const regions = useRegions();
  const [values, setValues] = useState<Record<string, FormValue>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, inputValue(f, record?.[f.key])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const choices = useMemo(
    () => ({
      user: users.map((u) => ({ value: u._id, label: u.name ?? u.email ?? u._id })),
      region: regions.map((r) => ({ value: r._id, label: r.name ?? r._id })),
    }),
    [users, regions],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    // Fields added to the form after it opened start from the record's value.
    const current = Object.fromEntries(
      fields.map((f) => [f.key, values[f.key] ?? inputValue(f, record?.[f.key])]),
    );
    const result = readForm(formTable, fields, current, !record, record?._id);
    setErrors(result.errors);
    if (Object.keys(result.errors).length) return;
    setSaving(true);
    try {
      if (record) {
        const changed = Object.fromEntries(
          Object.entries(result.fields).filter(
            ([k, v]) => JSON.stringify(record[k] ?? null) !== JSON.stringify(v ?? null),
          ),
        );
        if (Object.keys(changed).length) await writeRow(table.key, record._id, changed);
        showToast({ color: 'green', message: t(`tableViews.edited.${formTable}`) });
      } else {
        const id = await saveRecord(formTable === 'users' ? 'teams' : formTable, undefined, result.fields);
        showToast({ color: 'green', message: t(`tableViews.added.${formTable}`) });
        onCreated(id);
      }
    } catch (err) {
      showToast({
        color: 'red',
        title: t('tableViews.saveError'),
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setSaving(false);
    }
  }

  if (!fields.length) return <Text c="dimmed">{t('tableViews.noFields')}</Text>;
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
      <Stack gap="sm">
        {fields.map((field) => {
          const label = t(`tableViews.field.${field.key}`, { defaultValue: field.key });
          const value = values[field.key] ?? inputValue(field, record?.[field.key]);
          const set = (v: FormValue) => setValues((all) => ({ ...all, [field.key]: v }));
          const error = errors[field.key];
          if (field.type === 'boolean')
            return (
              <Checkbox
                key={field.key}
                label={label}
                checked={value === true}
                disabled={readOnly}
                error={error}
                onChange={(e) => set(e.currentTarget.checked)}
              />
            );
          if (field.type === 'select' || field.type === 'user' || field.type === 'region') {
            const data =
              field.type === 'select'
                ? (field.options ?? []).map((o) => ({ value: o, label: o }))
                : choices[field.type];
            return (
              <NativeSelect
                key={field.key}
                label={label}
                value={String(value)}
                disabled={readOnly}
                error={error}
                data={[{ value: '', label: '—' }, ...data]}
                onChange={(e) => set(e.currentTarget.value)}
              />
            );
          }
          return (
            <TextInput
              key={field.key}
              label={label}
              type={field.type === 'date' ? 'date' : field.type === 'email' ? 'email' : 'text'}
              inputMode={field.type === 'number' ? 'decimal' : undefined}
              value={String(value)}
              readOnly={readOnly}
              error={error}
              onChange={(e) => set(e.currentTarget.value)}
            />
          );
        })}
        {!readOnly && (
          <Group>
            <Button type="submit" loading={saving}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
