import { Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActivityLog } from '#src/device/hooks/useActivityLog.ts';
import { BulkLeadAssign, BulkLeadDelete } from '#src/features/leads/index.ts';
import type { TablePageState } from '../hooks/useTablePage.ts';
import { ColumnMenu } from './ColumnMenu.tsx';
import { FilterBuilder } from './FilterBuilder.tsx';

/** Above the view: search, filters, columns, the CSV export, the row count and the selection. */
export function TableToolbar({ page }: { page: TablePageState }) {
  const { t } = useTranslation('tables');
  const { search } = useActivityLog();
  const { table, properties, readOnly, update, rows, shownRows, selection, setSelection } = page;
  const selected = Object.keys(selection).length;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        size="xs"
        type="search"
        label={page.isContacts ? t('contacts.search') : t('tables.search', { table: table.label })}
        placeholder={t('common.searchPlaceholder')}
        value={properties.query.search}
        onChange={(e) => {
          update({ query: { ...properties.query, search: e.currentTarget.value } });
          search(table.key, e.currentTarget.value);
        }}
      />
      <FilterBuilder
        table={table}
        query={properties.query}
        readOnly={readOnly}
        choices={page.choices}
        onChange={(query) => update({ query })}
      />
      <ColumnMenu
        table={table}
        columns={properties.columns}
        readOnly={readOnly}
        onChange={(columns) => update({ columns })}
      />
      <Button size="xs" variant="default" onClick={page.exportCsv} disabled={!rows}>
        {t('tables.exportCsv')}
      </Button>
      <Text size="sm" c="dimmed" role="status" aria-label={t('tables.rowCount')}>
        {t('tables.count', { shown: shownRows.length, total: rows?.length ?? 0 })}
        {selected > 0 && ` · ${t('tables.selected', { count: selected })}`}
      </Text>
      {page.isContacts && selected > 0 && (
        <>
          <BulkLeadAssign ids={Object.keys(selection)} onAssigned={() => setSelection({})} />
          <BulkLeadDelete ids={Object.keys(selection)} onDeleted={() => setSelection({})} />
        </>
      )}
      {selected > 0 && (
        <Button size="xs" variant="subtle" onClick={() => setSelection({})}>
          {t('tables.clearSelection')}
        </Button>
      )}
    </Group>
  );
}
