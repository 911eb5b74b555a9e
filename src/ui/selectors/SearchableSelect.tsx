import { type ComboboxParsedItem, MultiSelect, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyText, filterOptions, type SelectOption } from './selectOptions.ts';

interface BaseProps {
  label: string;
  options: readonly SelectOption[];
  description?: string;
  error?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  /** How many records exist when `options` holds only the matches of a search done elsewhere. */
  total?: number;
  /** Told what the person types, for selectors that search the device themselves. */
  onSearch?(query: string): void;
}

export interface SearchableSelectProps extends BaseProps {
  value: string | null;
  onChange(value: string | null): void;
  clearable?: boolean;
}

export interface SearchableMultiSelectProps extends BaseProps {
  value: string[];
  onChange(value: string[]): void;
}

/** Mantine filters with our shared rule, so what is shown and what the empty text says agree. */
function useShared(
  options: readonly SelectOption[],
  total: number | undefined,
  onSearch?: (q: string) => void,
) {
  const { t } = useTranslation();
  const [search, setSearchState] = useState('');
  const setSearch = (q: string) => {
    setSearchState(q);
    onSearch?.(q);
  };
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const data = useMemo(() => options.map((o) => ({ value: o.value, label: o.label })), [options]);
  const filter = ({
    options: parsed,
    search: q,
    limit,
  }: {
    options: ComboboxParsedItem[];
    search: string;
    limit: number;
  }) => {
    const flat = parsed.filter((o): o is { value: string; label: string } => 'value' in o);
    const kept = new Set(
      filterOptions(
        flat.map((o) => byValue.get(o.value) ?? o),
        q,
        limit,
      ).map((o) => o.value),
    );
    return flat.filter((o) => kept.has(o.value));
  };
  const emptyFor = (query: string, shown: number) => {
    const text = emptyText(total ?? options.length, query, shown);
    if (!text) return undefined;
    return text.key === 'common.noOptions'
      ? t('common.noOptions')
      : t('common.noResults', { query: text.query });
  };
  return { t, search, setSearch, data, filter, emptyFor };
}

/** One choice among the device's records, searchable (SPEC section 8 texts). */
export function SearchableSelect({
  options,
  value,
  onChange,
  clearable = true,
  total,
  onSearch,
  ...rest
}: SearchableSelectProps) {
  const { t, search, setSearch, data, filter, emptyFor } = useShared(options, total, onSearch);
  const selectedLabel = options.find((o) => o.value === value)?.label;
  const query = search === selectedLabel ? '' : search;
  return (
    <Select
      {...rest}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
      searchable
      clearable={clearable}
      searchValue={search}
      onSearchChange={setSearch}
      filter={filter}
      placeholder={t('common.searchPlaceholder')}
      nothingFoundMessage={emptyFor(query, filterOptions(options, query).length)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Several choices among the device's records, searchable. */
export function SearchableMultiSelect({
  options,
  value,
  onChange,
  total,
  onSearch,
  ...rest
}: SearchableMultiSelectProps) {
  const { t, search, setSearch, data, filter, emptyFor } = useShared(options, total, onSearch);
  const remaining = options.filter((o) => !value.includes(o.value));
  return (
    <MultiSelect
      {...rest}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={filter}
      hidePickedOptions
      placeholder={value.length ? undefined : t('common.searchPlaceholder')}
      nothingFoundMessage={
        remaining.length ? emptyFor(search, filterOptions(remaining, search).length) : t('common.noOptions')
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
