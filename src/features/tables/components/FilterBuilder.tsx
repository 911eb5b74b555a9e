import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { operatorsFor, operatorTakesValue, ruleIsComplete } from '#src/domain/tables/query.ts';
import type { ColumnDefinition, TableDefinition } from '#src/domain/tables/registry.ts';
import type { FilterOperator, FilterRule, ViewQuery } from '#src/domain/tables/viewQuery.ts';

export interface FilterBuilderProps {
  table: TableDefinition;
  query: ViewQuery;
  readOnly: boolean;
  /** Choices of select-like columns (statuses, stages, users…), by column key. */
  choices(column: ColumnDefinition): { value: string; label: string }[];
  onChange(query: ViewQuery): void;
}

/** The filter popover: rules of a field, an operator fit for its type and a value input fit for both. */
export function FilterBuilder({ table, query, readOnly, choices, onChange }: FilterBuilderProps) {
  const { t } = useTranslation('tables');
  const byKey = new Map(table.columns.map((c) => [c.key, c]));
  const active = query.filters.filter(ruleIsComplete).length;
  const setRule = (index: number, rule: FilterRule) =>
    onChange({ ...query, filters: query.filters.map((r, i) => (i === index ? rule : r)) });
  const first = table.columns[0] as ColumnDefinition;

  return (
    <Popover position="bottom-start" withinPortal trapFocus={false} width={560}>
      <Popover.Target>
        <Button variant="default" size="xs">
          {t('tables.filter')}
          {active > 0 && (
            <Badge ml={6} size="xs" circle>
              {active}
            </Badge>
          )}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label={t('tables.filters')}>
          {query.filters.length > 1 && (
            <SegmentedControl
              size="xs"
              aria-label={t('tables.match')}
              disabled={readOnly}
              value={query.match}
              onChange={(match) => onChange({ ...query, match: match === 'any' ? 'any' : 'all' })}
              data={[
                { value: 'all', label: t('tables.matchAll') },
                { value: 'any', label: t('tables.matchAny') },
              ]}
            />
          )}
          {query.filters.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('tables.noFilters')}
            </Text>
          )}
          {query.filters.map((rule, index) => {
            const column = byKey.get(rule.field) ?? first;
            const ops = operatorsFor(column.type);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity beyond their place
              <Group key={index} gap={6} wrap="nowrap" align="flex-end">
                <NativeSelect
                  size="xs"
                  aria-label={t('tables.filterField', { n: index + 1 })}
                  disabled={readOnly}
                  value={column.key}
                  data={table.columns.map((c) => ({ value: c.key, label: c.label }))}
                  onChange={(e) => {
                    const next = byKey.get(e.currentTarget.value) ?? first;
                    setRule(index, { field: next.key, op: operatorsFor(next.type)[0] as FilterOperator });
                  }}
                />
                <NativeSelect
                  size="xs"
                  aria-label={t('tables.filterOperator', { n: index + 1 })}
                  disabled={readOnly}
                  value={rule.op}
                  data={ops.map((op) => ({ value: op, label: t(`tables.op.${op}`) }))}
                  onChange={(e) =>
                    setRule(index, { field: rule.field, op: e.currentTarget.value as FilterOperator })
                  }
                />
                {operatorTakesValue(rule.op) && (
                  <ValueInput
                    column={column}
                    rule={rule}
                    index={index}
                    readOnly={readOnly}
                    choices={choices}
                    onChange={(value) => setRule(index, { ...rule, value })}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={readOnly}
                  aria-label={t('tables.removeFilter', { n: index + 1 })}
                  onClick={() => onChange({ ...query, filters: query.filters.filter((_, i) => i !== index) })}
                >
                  ✕
                </ActionIcon>
              </Group>
            );
          })}
          <Group>
            <Button
              size="xs"
              variant="light"
              disabled={readOnly}
              onClick={() =>
                onChange({
                  ...query,
                  filters: [
                    ...query.filters,
                    { field: first.key, op: operatorsFor(first.type)[0] as FilterOperator },
                  ],
                })
              }
            >
              {t('tables.addFilter')}
            </Button>
            {query.filters.length > 0 && (
              <Button
                size="xs"
                variant="subtle"
                disabled={readOnly}
                onClick={() => onChange({ ...query, filters: [] })}
              >
                {t('tables.clearFilters')}
              </Button>
            )}
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function ValueInput({
  column,
  rule,
  index,
  readOnly,
  choices,
  onChange,
}: {
  column: ColumnDefinition;
  rule: FilterRule;
  index: number;
  readOnly: boolean;
  choices: FilterBuilderProps['choices'];
  onChange(value: unknown): void;
}) {
  const { t } = useTranslation('tables');
  const label = t('tables.filterValue', { n: index + 1 });
  const numeric = column.type === 'number' || column.type === 'currency';
  const dated = column.type === 'date' || column.type === 'datetime';
  if (rule.op === 'any_of' || rule.op === 'none_of') {
    return (
      <MultiSelect
        size="xs"
        aria-label={label}
        disabled={readOnly}
        searchable
        style={{ flex: 1 }}
        value={Array.isArray(rule.value) ? (rule.value as string[]) : []}
        data={choices(column)}
        onChange={onChange}
      />
    );
  }
  if (rule.op === 'last_days') {
    return (
      <NumberInput
        size="xs"
        aria-label={label}
        disabled={readOnly}
        min={0}
        suffix={` ${t('tables.days')}`}
        value={typeof rule.value === 'number' ? rule.value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      />
    );
  }
  if (rule.op === 'between') {
    const [a, b] = Array.isArray(rule.value) ? (rule.value as unknown[]) : ['', ''];
    const type = numeric ? 'number' : dated ? 'date' : 'text';
    const read = (v: string) => (numeric && v !== '' ? Number(v) : v);
    return (
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          type={type}
          aria-label={t('tables.filterFrom', { n: index + 1 })}
          disabled={readOnly}
          value={String(a ?? '')}
          onChange={(e) => onChange([read(e.currentTarget.value), b ?? ''])}
        />
        <TextInput
          size="xs"
          type={type}
          aria-label={t('tables.filterTo', { n: index + 1 })}
          disabled={readOnly}
          value={String(b ?? '')}
          onChange={(e) => onChange([a ?? '', read(e.currentTarget.value)])}
        />
      </Group>
    );
  }
  if (numeric) {
    return (
      <NumberInput
        size="xs"
        aria-label={label}
        disabled={readOnly}
        value={typeof rule.value === 'number' ? rule.value : ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      />
    );
  }
  return (
    <TextInput
      size="xs"
      type={dated ? 'date' : 'text'}
      aria-label={label}
      disabled={readOnly}
      style={{ flex: 1 }}
      value={String(rule.value ?? '')}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
