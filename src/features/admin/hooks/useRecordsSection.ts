import { useLiveRows } from '#src/device/hooks/useTableRows.ts';
import type { TableKey } from '#src/domain/schemas/records.ts';
import { type RecordGroup, recordGroups } from '../utils/recordGroups.ts';

const COLUMNS = ['name', 'category', 'legacy_id'];

/** A settings section's records from the device (live; undefined while reading). */
export function useRecordsSection(table: TableKey): RecordGroup[] | undefined {
  return useLiveRows(table, COLUMNS, async (read) => recordGroups(await read(), table === 'products'), [
    table,
  ]);
}
