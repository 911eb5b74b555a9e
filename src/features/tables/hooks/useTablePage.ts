import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { toCsv } from '#src/domain/csv.ts';
import { can } from '#src/domain/permissions.ts';
import { type ColumnDefinition, hasRecordPage, type TableDefinition } from '#src/domain/tables/registry.ts';
import { downloadCsv } from '#src/ui/downloadCsv.ts';
import { relativeTimeCell } from '../components/TimeAgoCell.tsx';
import { useContactCells } from './useContactCells.tsx';
import { useDisplay } from './useDisplay.ts';
import { useFilterChoices } from './useFilterChoices.ts';
import { useShownRows } from './useShownRows.ts';
import { useTableView } from './useTableView.ts';

/** A table screen's state: the view, its rows, the selection, the open row and the exports. */
export function useTablePage(table: TableDefinition, active: boolean) {
  const { t } = useTranslation('tables');
  const navigate = useNavigate();
  const actor = useActor();
  const display = useDisplay();
  const state = useTableView(table, actor);
  const { properties, readOnly, view } = state;
  const isContacts = table.key === 'contacts';
  const label = isContacts ? t('contacts.title') : table.label;
  const { rows, shownRows, visible, showWritten, update } = useShownRows(table, state, display, active);

  const [selection, setSelection] = useState<RowSelectionState>({});
  const scrollTop = useRef(0);
  const [drawerId, setDrawerId] = useState<string | null>(null);
  // Contacts, users, teams, products, sales channels and organisations have pages of their own;
  // the others open in a drawer.
  const openRow = useCallback(
    (id: string) =>
      isContacts || table.key === 'users' || hasRecordPage(table.key)
        ? navigate(`${table.path}/${id}`)
        : setDrawerId(id),
    [isContacts, navigate, table],
  );

  const stages = useDealStages();
  const choices = useFilterChoices(stages);
  const contactCells = useContactCells({
    isContacts,
    stages,
    mayChangeStatus: can(actor, 'contacts.status'),
    showWritten,
  });
  const renderCell = contactCells ?? relativeTimeCell;

  const exportCsv = () => {
    const columns = visible.map((key) => table.columns.find((c) => c.key === key) as ColumnDefinition);
    const csv = toCsv(
      columns.map((c) => ({ key: c.key, label: c.label, value: (row) => display(c, row[c.key]) })),
      shownRows,
    );
    downloadCsv(`${table.key}-${view.name ?? 'view'}`, csv);
  };

  return {
    table,
    actor,
    display,
    state,
    properties,
    readOnly,
    view,
    isContacts,
    label,
    rows,
    shownRows,
    update,
    selection,
    setSelection,
    scrollTop,
    drawerId,
    setDrawerId,
    openRow,
    choices,
    renderCell,
    exportCsv,
  };
}

export type TablePageState = ReturnType<typeof useTablePage>;
