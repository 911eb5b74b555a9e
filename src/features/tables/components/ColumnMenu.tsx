import { Button, Checkbox, Popover, ScrollArea, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TableDefinition } from '#src/domain/tables/registry.ts';

/** Which columns the view shows: checking one adds it at the end, unchecking hides it. */
export function ColumnMenu({
  table,
  columns,
  readOnly,
  onChange,
}: {
  table: TableDefinition;
  columns: string[];
  readOnly: boolean;
  onChange(columns: string[]): void;
}) {
  const { t } = useTranslation('tables');
  const shown = new Set(columns);
  return (
    <Popover position="bottom-start" withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs">
          {t('tables.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ScrollArea.Autosize mah={360}>
          <Stack gap={6} role="group" aria-label={t('tables.columns')}>
            {table.columns.map((c) => (
              <Checkbox
                key={c.key}
                size="xs"
                label={c.label}
                disabled={readOnly || (shown.has(c.key) && columns.length <= 1)}
                checked={shown.has(c.key)}
                onChange={(e) =>
                  onChange(e.currentTarget.checked ? [...columns, c.key] : columns.filter((k) => k !== c.key))
                }
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
