import { Button, Checkbox, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportFieldKey, sheetRow } from '#src/domain/leadImport.ts';
import { duplicateText, errorText, fieldLabel } from '../utils/importMessages.ts';
import type { RowState } from '../utils/LeadImportService.ts';

const PAGE_SIZE = 25;

export interface ProblemActions {
  onEdit: (index: number, field: ImportFieldKey, value: string) => void;
  onSkip: (index: number, skipped: boolean) => void;
  onIncludeDuplicate: (index: number, include: boolean) => void;
}

/** Rows with problems or duplicates: fix a field (checked again as you type), skip, or import anyway. */
export function ImportProblems({
  rows,
  onSkipAll,
  ...actions
}: ProblemActions & { rows: RowState[]; onSkipAll: () => void }) {
  const { t } = useTranslation('leads');
  const [page, setPage] = useState(1);
  // A field that had a problem keeps its input once fixed, so it does not vanish while typing.
  const shown = useRef(new Map<number, ImportFieldKey[]>());
  for (const row of rows) {
    const fields = shown.current.get(row.index) ?? [];
    for (const error of row.errors) {
      const field = error.field as ImportFieldKey;
      if (!fields.includes(field)) fields.push(field);
    }
    shown.current.set(row.index, fields);
  }
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const visible = rows.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const withErrors = rows.some((r) => r.errors.length && !r.skipped);

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3}>{t('leadImport.problems.title')}</Title>
        {withErrors && (
          <Button variant="light" size="xs" onClick={onSkipAll}>
            {t('leadImport.problems.skipAll')}
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('leadImport.problems.none')}</Text>
      ) : (
        <Table aria-label={t('leadImport.problems.title')} striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('leadImport.notImported.row')}</Table.Th>
              <Table.Th>{t('leadImport.notImported.problem')}</Table.Th>
              <Table.Th>{t('leadImport.problems.skip')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <ProblemRow
                key={row.index}
                row={row}
                fields={shown.current.get(row.index) ?? []}
                {...actions}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          aria-label={t('leadImport.problems.page')}
        />
      )}
    </Stack>
  );
}

const ProblemRow = memo(function ProblemRow({
  row,
  fields,
  onEdit,
  onSkip,
  onIncludeDuplicate,
}: ProblemActions & { row: RowState; fields: ImportFieldKey[] }) {
  const { t } = useTranslation('leads');
  const number = sheetRow(row.index);
  return (
    <Table.Tr data-row={number}>
      <Table.Td>{t('leadImport.problems.row', { row: number })}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          {fields.map((field) => {
            const error = row.errors.find((e) => e.field === field);
            return (
              <FieldFix
                key={field}
                label={t('leadImport.problems.fieldOf', { row: number, field: fieldLabel(t, field) })}
                initial={row.values[field] ?? ''}
                error={error ? errorText(t, error) : undefined}
                fixed={!error}
                disabled={row.skipped}
                onChange={(value) => onEdit(row.index, field, value)}
              />
            );
          })}
          {row.duplicate && (
            <Group gap="xs">
              <Text size="sm" c="orange.8">
                {duplicateText(t, row.duplicate)}
              </Text>
              <Checkbox
                size="xs"
                label={t('leadImport.problems.importAnyway')}
                aria-label={t('leadImport.problems.importAnywayRow', { row: number })}
                checked={row.includeDuplicate}
                disabled={row.skipped}
                onChange={(e) => onIncludeDuplicate(row.index, e.currentTarget.checked)}
              />
            </Group>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={t('leadImport.problems.skipRow', { row: number })}
          checked={row.skipped}
          onChange={(e) => onSkip(row.index, e.currentTarget.checked)}
        />
      </Table.Td>
    </Table.Tr>
  );
});

/** One field's fix; typing stays local and every change is checked again by the worker. */
function FieldFix({
  label,
  initial,
  error,
  fixed,
  disabled,
  onChange,
}: {
  label: string;
  initial: string;
  error: string | undefined;
  fixed: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('leads');
  const [value, setValue] = useState(initial);
  return (
    <TextInput
      size="xs"
      label={label}
      value={value}
      error={error}
      disabled={disabled}
      description={fixed ? t('leadImport.problems.fixed') : undefined}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        onChange(e.currentTarget.value);
      }}
    />
  );
}
