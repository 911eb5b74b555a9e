import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useFullRow } from '#src/device/hooks/useTableRows.ts';
import { useRegions } from '#src/device/hooks/useTeams.ts';
import { useUserNames } from '#src/device/hooks/useUsers.ts';
import { can } from '#src/domain/permissions.ts';
import { rowsComeAndGo, TABLES } from '#src/domain/tables/registry.ts';
import { useLocalizedTable } from '#src/ui/localizedTable.ts';
import { showToast, toastError } from '#src/ui/toasts.tsx';
import {
  changedFields,
  editableColumns,
  type FormValues,
  formValuesOf,
  type RecordPageTable,
} from '../utils/recordForm.ts';

/**
 * A product's, sales channel's or organisation's page: the row from the device, and its changes
 * saved through the record commands (offline-first, like every device write). `id` 'new' adds one.
 */
export function useRecordPage(tableKey: RecordPageTable, id: string) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const actor = useActor();
  const { saveRecord, deleteRecord } = useCommands();
  const table = useLocalizedTable(TABLES[tableKey]);
  const creating = id === 'new';
  const row = useFullRow(table.dexieTable, creating ? null : id);
  const columns = useMemo(() => editableColumns({ ...table, key: tableKey }), [table, tableKey]);
  const before = useMemo(() => formValuesOf(columns, row), [columns, row]);
  const mayChange = !!table.canCreate && can(actor, table.canCreate);
  // Organisations are added and removed by the service operator only.
  const mayAddOrDelete = mayChange && rowsComeAndGo(tableKey);
  const noun = t(`records.noun.${tableKey}`);
  const nounInText = t(`records.nounInText.${tableKey}`);
  const names = useUserNames();
  const regions = useRegions(columns.some((c) => c.type === 'region'));
  const choices = useMemo(() => {
    const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
    const users = [...(names ?? new Map<string, string>())]
      .map(([value, label]) => ({ value, label }))
      .sort(byName);
    const areas = regions.map((r) => ({ value: r._id, label: String(r.name ?? r._id) })).sort(byName);
    const out: Record<string, { value: string; label: string }[]> = {};
    for (const c of columns) if (c.type === 'user') out[c.key] = users;
    for (const c of columns) if (c.type === 'region') out[c.key] = areas;
    return out;
  }, [columns, names, regions]);

  async function save(values: FormValues) {
    const fields = changedFields(columns, before, values);
    if (!creating && Object.keys(fields).length === 0) return;
    try {
      const saved = await saveRecord(tableKey, creating ? undefined : id, fields);
      showToast({
        title: t(creating ? 'records.added' : 'records.edited', { noun }),
        message: String(values[table.titleField] ?? ''),
      });
      if (creating) navigate(`${table.path}/${saved}`, { replace: true });
    } catch (err) {
      // The spec's red toast, the rule's reason under it; the form keeps what was typed.
      toastError(t(creating ? 'records.addError' : 'records.editError', { noun: nounInText }), err);
    }
  }

  async function remove() {
    try {
      await deleteRecord(tableKey, id);
      showToast({
        title: t('records.deleted', { noun }),
        message: String(row?.[table.titleField] ?? ''),
      });
      navigate(table.path);
    } catch (err) {
      toastError(t('records.deleteError', { noun: nounInText }), err);
    }
  }

  return {
    table,
    row,
    creating,
    columns,
    before,
    mayChange,
    mayAddOrDelete,
    save,
    remove,
    noun,
    choices,
  };
}
