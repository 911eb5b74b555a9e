import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFullRow } from '#src/device/hooks/useTableRows.ts';
import { canListTable, type TableDefinition } from '#src/domain/tables/registry.ts';
import { useLocalizedTable } from '#src/ui/localizedTable.ts';
import { RowDrawer } from './components/RowDrawer.tsx';
import { TableHeader } from './components/TableHeader.tsx';
import { TableToolbar } from './components/TableToolbar.tsx';
import { TableViewArea } from './components/TableViewArea.tsx';
import { ViewBar } from './components/ViewBar.tsx';
import { useTablePage } from './hooks/useTablePage.ts';

/** One registry table at its path: tabs, saved views, the toolbar and the view. */
export function TablePage({
  table: registryTable,
  active = true,
}: {
  table: TableDefinition;
  active?: boolean;
}) {
  const { t } = useTranslation('tables');
  const table = useLocalizedTable(registryTable);
  const page = useTablePage(table, active);
  const { actor, label, drawerId } = page;
  // The grid holds only the columns it shows; the drawer shows every field of the full row.
  const drawerRow = useFullRow(table.dexieTable, page.isContacts ? null : drawerId);

  // A kept-alive screen out of sight keeps its state here but none of its controls in the page.
  if (!active) return null;

  if (!canListTable(actor, table.key)) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {label}
        </Title>
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
          row={drawerId ? drawerRow : undefined}
          display={page.display}
          onClose={() => page.setDrawerId(null)}
        />
      )}
    </Stack>
  );
}
