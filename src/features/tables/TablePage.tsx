import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canListTable, type TableDefinition } from '../../domain/tables/registry.ts';
import { RowDrawer } from './RowDrawer.tsx';
import { TableHeader } from './TableHeader.tsx';
import { TableToolbar } from './TableToolbar.tsx';
import { TableViewArea } from './TableViewArea.tsx';
import { useTablePage } from './useTablePage.ts';
import { ViewBar } from './ViewBar.tsx';

/** One registry table at its path: tabs, saved views, the toolbar and the view. */
export function TablePage({ table, active = true }: { table: TableDefinition; active?: boolean }) {
  const { t } = useTranslation();
  const page = useTablePage(table, active);
  const { actor, label, rows, drawerId } = page;

  // A kept-alive screen out of sight keeps its state here but none of its controls in the page.
  if (!active) return null;

  if (!canListTable(actor, table.key)) {
    return (
      <Stack>
        <Title order={2}>{label}</Title>
        <Text>{t('tables.noAccess')}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <TableHeader table={table} actor={actor} label={label} />
      <ViewBar table={table} actor={actor} state={page.state} />
      <TableToolbar page={page} />
      <TableViewArea page={page} />
      {!page.isContacts && (
        <RowDrawer
          table={table}
          row={drawerId ? rows?.find((r) => r._id === drawerId) : undefined}
          display={page.display}
          onClose={() => page.setDrawerId(null)}
        />
      )}
    </Stack>
  );
}
