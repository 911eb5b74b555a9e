/**
 * The card editor's rules, without React: a new card's draft, what changes when the type or the
 * table changes, which columns fit each choice, and the draft checked by the shared schema.
 */
import {
  type CardConfig,
  type CardPlacement,
  type CardType,
  cardConfigSchema,
  defaultCardConfig,
} from '#src/domain/dashboard/cards.ts';
import type { TableKey } from '#src/domain/schemas/tableKeys.ts';
import { type ColumnDefinition, TABLES } from '#src/domain/tables/registry.ts';

export interface CardDraft {
  title: string;
  type: CardType;
  config: CardConfig;
}

/** A new card's size in grid units, by type. */
export const NEW_CARD_SIZE: Record<CardType, { w: number; h: number }> = {
  number: { w: 3, h: 2 },
  chart: { w: 6, h: 4 },
  table: { w: 6, h: 4 },
  leaderboard: { w: 4, h: 4 },
  map: { w: 6, h: 4 },
};

export const numericColumns = (table: TableKey): ColumnDefinition[] =>
  TABLES[table].columns.filter((c) => c.type === 'number' || c.type === 'currency');

/** Columns a card can group by: not free text nor JSON. */
export const groupColumns = (table: TableKey, type: CardType): ColumnDefinition[] =>
  TABLES[table].columns.filter((c) =>
    type === 'leaderboard'
      ? c.type === 'user'
      : !['json', 'email', 'phone', 'users'].includes(c.type) && c.key !== TABLES[table].titleField,
  );

export function newDraft(): CardDraft {
  return { title: '', type: 'number', config: defaultCardConfig() };
}

/** The draft after a change of type: the grouping, chart and columns that type needs. */
export function withType(draft: CardDraft, type: CardType): CardDraft {
  const { config } = draft;
  const table = type === 'map' ? 'contacts' : config.table;
  const groupable = groupColumns(table, type);
  const keepGroup = groupable.some((c) => c.key === config.group_by) ? config.group_by : undefined;
  const next: CardConfig = { ...config, table };
  if (type === 'number' || type === 'map') next.group_by = null;
  else if (type === 'table') next.group_by = keepGroup ?? null;
  else next.group_by = keepGroup ?? groupable[0]?.key ?? null;
  if (type === 'chart') next.chart = config.chart ?? 'bar';
  else delete next.chart;
  if (type === 'table')
    next.columns = config.columns?.length ? config.columns : TABLES[table].defaultColumns.slice(0, 4);
  else delete next.columns;
  return { ...draft, type, config: next };
}

/** The draft after a change of table: its view, filters, fields and columns start again. */
export function withTable(draft: CardDraft, table: TableKey): CardDraft {
  const reset: CardDraft = {
    ...draft,
    config: { ...draft.config, table, view_id: null, filters: [], group_by: null, measure: { op: 'count' } },
  };
  delete reset.config.columns;
  return withType(reset, draft.type);
}

/** The draft's problems, by field (`title`, `config.measure.field`…), empty when it can be saved. */
export function draftErrors(draft: CardDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.title.trim()) errors.title = 'required';
  const parsed = cardConfigSchema.safeParse(draft.config);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = ['config', ...issue.path.map(String)].join('.');
      errors[key] ??= issue.message;
    }
  }
  // A metric's card (src/domain/metrics.ts) groups by person itself.
  const grouped = !!draft.config.group_by || !!draft.config.metric;
  if (draft.type !== 'number' && draft.type !== 'map' && draft.type !== 'table' && !grouped)
    errors['config.group_by'] = 'required';
  return errors;
}

/** The card's fields as saved. */
export function draftFields(draft: CardDraft, placement?: CardPlacement) {
  return {
    title: draft.title.trim(),
    type: draft.type,
    config: cardConfigSchema.parse(draft.config) as CardConfig,
    ...(placement ? { card_layout: placement } : {}),
  };
}
