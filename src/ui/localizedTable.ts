/**
 * The table registry (src/domain/tables/registry.ts) names its tables and columns in English,
 * as the server shares it; screens show those names through the catalogue (`tableLabels`).
 */
import i18n, { type i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TableDefinition } from '../domain/tables/registry.ts';
import type { MessageKey } from './messages.ts';

// One copy per table and language, so a table keeps its identity between renders.
const copies = new WeakMap<TableDefinition, Map<string, TableDefinition>>();

function columnLabel(i18next: I18n, table: string, column: string, fallback: string): string {
  const own = `tableLabels.columnOf.${table}.${column}`;
  if (i18next.exists(own)) return i18next.t(own as MessageKey);
  return i18next.t(`tableLabels.columns.${column}`, { defaultValue: fallback });
}

/** The table with its title and column labels in the language shown (the registry's when missing). */
export function localizedTable(table: TableDefinition, i18next: I18n = i18n): TableDefinition {
  const language = i18next.language ?? 'en';
  const byLanguage = copies.get(table) ?? new Map<string, TableDefinition>();
  copies.set(table, byLanguage);
  const cached = byLanguage.get(language);
  if (cached) return cached;
  const copy: TableDefinition = {
    ...table,
    label: i18next.t(`tableLabels.titles.${table.key}`, { defaultValue: table.label }),
    columns: table.columns.map((c) => ({ ...c, label: columnLabel(i18next, table.key, c.key, c.label) })),
  };
  byLanguage.set(language, copy);
  return copy;
}

/** {@link localizedTable}, following language changes. */
export function useLocalizedTable(table: TableDefinition): TableDefinition {
  const { i18n: i18next } = useTranslation();
  return localizedTable(table, i18next);
}
