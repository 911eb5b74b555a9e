import { Loader, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEW_TYPES } from '#src/domain/schemas/records.ts';
import { typeName, viewComponent } from '#src/features/tableViews/index.ts';
import type { TablePageState } from '../hooks/useTablePage.ts';
import { DataTable } from './DataTable.tsx';

/** The view itself: the grid, another view type loaded on first use, or word that it is missing. */
export function TableViewArea({ page }: { page: TablePageState }) {
  const { t } = useTranslation('tables');
  const { table, rows, shownRows, properties, readOnly, view, update, openRow } = page;
  const type = typeName(Number(view.view_type ?? VIEW_TYPES.grid));
  const OtherView = type === 'grid' ? undefined : viewComponent(type);

  if (!rows) return <Loader size="sm" aria-label={t('tables.loading')} />;
  if (type === 'grid')
    return (
      <DataTable
        table={table}
        rows={shownRows}
        properties={properties}
        readOnly={readOnly}
        display={page.display}
        label={page.label}
        scrollTop={page.scrollTop}
        selection={page.selection}
        onSelectionChange={page.setSelection}
        onChange={update}
        openRow={openRow}
        renderCell={page.renderCell}
      />
    );
  if (OtherView)
    return (
      <Suspense fallback={<Loader size="sm" />}>
        <OtherView
          table={table}
          rows={shownRows}
          view={view}
          readOnly={readOnly}
          updateView={update}
          openRow={openRow}
        />
      </Suspense>
    );
  return (
    <Stack gap={4}>
      <Text fw={600}>{t(`tables.type.${type}`)}</Text>
      <Text c="dimmed">{t('tables.typeUnavailable')}</Text>
    </Stack>
  );
}
