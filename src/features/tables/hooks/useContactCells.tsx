import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { ColumnDefinition } from '#src/domain/tables/registry.ts';
import { showToast } from '#src/ui/toasts.tsx';
import { ContactNameCell, ContactStatusCell, statusOptions } from '../components/ContactCells.tsx';

/**
 * The contacts grid's own cells: the name as a link and the status as a select that saves at
 * once (the written row shows through `showWritten` until the next read). Undefined elsewhere.
 */
export function useContactCells({
  isContacts,
  stages,
  mayChangeStatus,
  showWritten,
}: {
  isContacts: boolean;
  stages: DealStage[];
  mayChangeStatus: boolean;
  showWritten: (id: string, row: TableRow) => void;
}) {
  const { t } = useTranslation('tables');
  const { editLead } = useCommands();
  const statusData = useMemo(() => statusOptions(stages), [stages]);
  const changeStatus = useCallback(
    async (id: string, status: string) => {
      try {
        const row = await editLead(id, { deal_stage_status: status });
        if (row) showWritten(id, row);
      } catch (err) {
        showToast({
          color: 'red',
          title: t('toast.contactError'),
          message: err instanceof Error ? err.message : String(err),
        });
      }
    },
    [editLead, t, showWritten],
  );
  return useMemo(
    () =>
      isContacts
        ? (column: ColumnDefinition, row: TableRow): ReactNode | undefined => {
            const name = String(row.name ?? '');
            if (column.key === 'name')
              return <ContactNameCell id={row._id} name={name} pending={!!row.pending} />;
            if (column.key === 'deal_stage_status')
              return (
                <ContactStatusCell
                  id={row._id}
                  name={name}
                  status={String(row.deal_stage_status ?? '')}
                  statusData={statusData}
                  disabled={!mayChangeStatus}
                  onStatus={changeStatus}
                />
              );
            return undefined;
          }
        : undefined,
    [isContacts, statusData, changeStatus, mayChangeStatus],
  );
}
