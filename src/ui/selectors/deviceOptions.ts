import { useLiveQuery } from 'dexie-react-hooks';
import type { CrmDatabase, EntityRow } from '../../db/database.ts';
import { useSync } from '../../features/sync/SyncProvider.tsx';
import { rowOptions, type SelectOption } from './selectOptions.ts';

type RowTable = 'users' | 'teams' | 'regions' | 'products' | 'sales_channels' | 'orgs' | 'contacts';

/** Live options from one device table (reads the device only: works offline). */
export function useDeviceOptions(
  table: RowTable,
  labelFields: readonly string[],
  keywordFields: readonly string[] = [],
  where?: (row: EntityRow) => boolean,
): SelectOption[] {
  const { db } = useSync();
  return (
    useLiveQuery(
      async () => rowOptions(await rows(db, table, where), labelFields, keywordFields),
      [db, table, labelFields.join(), keywordFields.join(), where],
    ) ?? []
  );
}

function rows(db: CrmDatabase, table: RowTable, where?: (row: EntityRow) => boolean): Promise<EntityRow[]> {
  const all = db.entity(table);
  return where ? all.filter(where).toArray() : all.toArray();
}
