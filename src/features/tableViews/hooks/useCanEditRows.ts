import { useActor } from '#src/device/hooks/useActor.ts';
import { can } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { RECORD_TABLES, type RecordTable, type TableKey } from '#src/domain/schemas/records.ts';

/**
 * Whether the signed-in user may change rows of this table from a view (the server decides again;
 * this keeps controls they cannot use out of their way).
 */
export function useCanEditRows(table: TableKey): boolean {
  const actor = useActor();
  if (table === 'contacts') return can(actor, 'contacts.status');
  if (table === 'users') return can(actor, 'users.manage');
  if (!(RECORD_TABLES as readonly string[]).includes(table)) return false;
  return recordDenial(actor, table as RecordTable, 'edit', undefined) === undefined;
}
