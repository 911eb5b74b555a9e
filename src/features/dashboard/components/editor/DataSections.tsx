import { Fieldset, Group, MultiSelect, NumberInput, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { MEASURE_OPS, type MeasureOp } from '#src/domain/dashboard/cards.ts';
import { TABLES } from '#src/domain/tables/registry.ts';
import { FilterBuilder, useFilterChoices } from '#src/features/tables/index.ts';
import { useLocalizedTable } from '#src/ui/localizedTable.ts';
import type { CardEditorState } from '../../hooks/useCardEditor.ts';
import { numericColumns } from '../../utils/cardDraft.ts';

type Props = { editor: CardEditorState };

/** The filter modal: the table screens' own filter builder, on the card's rules. */
export function FilterSection({ editor }: Props) {
  const { t } = useTranslation('dashboard');
  const { config } = editor.draft;
  const table = useLocalizedTable(TABLES[config.table]);
  const choices = useFilterChoices(useDealStages());
  const error = Object.entries(editor.errors).find(([key]) => key.startsWith('config.filters'))?.[1];
  return (
    <Fieldset legend={t('dashboard.editor.filters')}>
      <Group gap="sm">
        <FilterBuilder
          table={table}
          query={{ filters: config.filters, match: config.match, sort: [], search: '' }}
          readOnly={false}
          choices={choices}
          onChange={(query) => editor.setConfig({ filters: query.filters, match: query.match })}
        />
        <Text size="sm" c="dimmed">
          {t('dashboard.editor.filterCount', { count: config.filters.length })}
        </Text>
      </Group>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Fieldset>
  );
}

/** The column modal: what a table card lists when it is not grouped. */
export function ColumnsSection({ editor }: Props) {
  const { t } = useTranslation('dashboard');
  const { type, config } = editor.draft;
  const table = useLocalizedTable(TABLES[config.table]);
  if (type !== 'table' || config.group_by) return null;
  return (
    <Fieldset legend={t('dashboard.editor.columns')}>
      <MultiSelect
        label={t('dashboard.editor.columnsShown')}
        data={table.columns.map((c) => ({ value: c.key, label: c.label }))}
        value={config.columns ?? []}
        onChange={(columns) => editor.setConfig({ columns })}
        maxValues={30}
        searchable
      />
    </Fieldset>
  );
}

/** The number modal: count the rows, or add up or average a numeric field; how many groups show. */
export function MeasureSection({ editor }: Props) {
  const { t } = useTranslation('dashboard');
  const { type, config } = editor.draft;
  const table = useLocalizedTable(TABLES[config.table]);
  if (type === 'map') return null;
  const numeric = new Set(numericColumns(config.table).map((c) => c.key));
  const grouped = type !== 'number' && !!config.group_by;
  return (
    <Fieldset legend={t('dashboard.editor.measure')}>
      <Group grow align="flex-start">
        <Select
          label={t('dashboard.editor.op')}
          data={MEASURE_OPS.map((op) => ({ value: op, label: t(`dashboard.ops.${op}`) }))}
          value={config.measure.op}
          onChange={(op) =>
            op &&
            editor.setConfig({
              measure:
                op === 'count' ? { op: 'count' } : { op: op as MeasureOp, field: config.measure.field },
            })
          }
          allowDeselect={false}
        />
        {config.measure.op !== 'count' && (
          <Select
            label={t('dashboard.editor.field')}
            data={table.columns
              .filter((c) => numeric.has(c.key))
              .map((c) => ({ value: c.key, label: c.label }))}
            value={config.measure.field ?? null}
            onChange={(field) =>
              editor.setConfig({ measure: { op: config.measure.op, ...(field ? { field } : {}) } })
            }
            error={editor.errors['config.measure.field'] && t('dashboard.editor.fieldNeeded')}
            nothingFoundMessage={t('dashboard.editor.noNumeric')}
          />
        )}
        {(grouped || type === 'table') && (
          <NumberInput
            label={t('dashboard.editor.limit')}
            min={1}
            max={100}
            value={config.limit ?? 10}
            onChange={(value) => editor.setConfig({ limit: typeof value === 'number' ? value : undefined })}
            error={editor.errors['config.limit']}
          />
        )}
      </Group>
    </Fieldset>
  );
}
