import { Fieldset, SegmentedControl, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CARD_TYPES, type CardType, CHART_KINDS, type ChartKind } from '#src/domain/dashboard/cards.ts';
import { TABLES } from '#src/domain/tables/registry.ts';
import { useLocalizedTable } from '#src/ui/localizedTable.ts';
import type { CardEditorState } from '../../hooks/useCardEditor.ts';
import { groupColumns } from '../../utils/cardDraft.ts';

type Props = { editor: CardEditorState };

/** The card's type: number, chart, table, leaderboard or map. */
export function TypeSection({ editor }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <Select
      label={t('dashboard.editor.type')}
      data={CARD_TYPES.map((type) => ({ value: type, label: t(`dashboard.types.${type}`) }))}
      value={editor.draft.type}
      onChange={(value) => value && editor.setType(value as CardType)}
      allowDeselect={false}
    />
  );
}

/** The group modal: the column rows are grouped by (a person for a leaderboard). */
export function GroupSection({ editor }: Props) {
  const { t } = useTranslation('dashboard');
  const { type, config } = editor.draft;
  const table = useLocalizedTable(TABLES[config.table]);
  if (type === 'number' || type === 'map') return null;
  const keys = new Set(groupColumns(config.table, type).map((c) => c.key));
  return (
    <Fieldset legend={t('dashboard.editor.group')}>
      <Select
        label={t('dashboard.editor.groupBy')}
        data={table.columns.filter((c) => keys.has(c.key)).map((c) => ({ value: c.key, label: c.label }))}
        value={config.group_by ?? null}
        onChange={(value) => editor.setConfig({ group_by: value })}
        clearable={type === 'table'}
        placeholder={type === 'table' ? t('dashboard.editor.noGroup') : undefined}
        error={editor.errors['config.group_by'] && t('dashboard.editor.required')}
        searchable
      />
    </Fieldset>
  );
}

/** The chart modal: bars, a line or a pie. */
export function ChartSection({ editor }: Props) {
  const { t } = useTranslation('dashboard');
  if (editor.draft.type !== 'chart') return null;
  return (
    <Fieldset legend={t('dashboard.editor.chart')}>
      <Text size="sm" id="chart-kind-label" mb={4}>
        {t('dashboard.editor.chartKind')}
      </Text>
      <SegmentedControl
        aria-labelledby="chart-kind-label"
        data={CHART_KINDS.map((kind) => ({ value: kind, label: t(`dashboard.charts.${kind}`) }))}
        value={editor.draft.config.chart ?? 'bar'}
        onChange={(value) => editor.setConfig({ chart: value as ChartKind })}
      />
    </Fieldset>
  );
}
