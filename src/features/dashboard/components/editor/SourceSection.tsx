import { Fieldset, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTableViews } from '#src/device/hooks/useTableRows.ts';
import { TABLE_KEYS, type TableKey } from '#src/domain/schemas/tableKeys.ts';
import { TABLES } from '#src/domain/tables/registry.ts';
import { localizedTable } from '#src/ui/localizedTable.ts';
import type { CardEditorState } from '../../hooks/useCardEditor.ts';

/** The table modal and the view modal: the rows a card reads, and a saved view it starts from. */
export function SourceSection({ editor }: { editor: CardEditorState }) {
  const { t, i18n } = useTranslation('dashboard');
  const { type, config } = editor.draft;
  const views = useTableViews(config.table);
  const tables = type === 'map' ? (['contacts'] as const) : TABLE_KEYS;
  return (
    <Fieldset legend={t('dashboard.editor.source')}>
      <Group grow align="flex-start">
        <Select
          label={t('dashboard.editor.table')}
          data={tables.map((key) => ({ value: key, label: localizedTable(TABLES[key], i18n).label }))}
          value={config.table}
          onChange={(value) => value && editor.setTable(value as TableKey)}
          allowDeselect={false}
          error={editor.errors['config.table']}
          searchable
        />
        <Select
          label={t('dashboard.editor.view')}
          placeholder={t('dashboard.editor.noView')}
          data={(views ?? [])
            .filter((v) => !v.deleted_at && !v.is_workshop)
            .map((v) => ({ value: v._id, label: v.name ?? v._id }))}
          value={config.view_id ?? null}
          onChange={(value) => editor.setConfig({ view_id: value })}
          clearable
        />
      </Group>
    </Fieldset>
  );
}
