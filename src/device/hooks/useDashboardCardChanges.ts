import { useLiveQuery } from 'dexie-react-hooks';
import { dashboardChangeKey } from '#src/db/queries/dashboardCards.ts';
import type { TableKey } from '#src/domain/tables/registry.ts';
import { useDevice } from '../DeviceProvider.tsx';

/**
 * A value that changes whenever what the dashboard's cards read changes (their tables' rows, the
 * names of users, teams and regions, the views they start from, the deal stages); undefined until
 * first read. Reads a handful of records, never rows.
 */
export function useDashboardCardChanges(
  tables: readonly TableKey[],
  viewIds: readonly string[],
): string | undefined {
  const { db } = useDevice();
  const tablesKey = [...new Set(tables)].sort().join(',');
  const viewsKey = [...new Set(viewIds)].sort().join(',');
  return useLiveQuery(
    () =>
      dashboardChangeKey(
        db,
        tablesKey ? (tablesKey.split(',') as TableKey[]) : [],
        viewsKey ? viewsKey.split(',') : [],
      ).catch((err: unknown) => `unreadable:${err instanceof Error ? err.message : String(err)}`),
    [db, tablesKey, viewsKey],
  );
}
