import { useLiveQuery } from 'dexie-react-hooks';
import { dashboardChangeKey } from '#src/db/queries/dashboardCards.ts';
import type { TableKey } from '#src/domain/tables/registry.ts';
import { useDevice } from '../DeviceProvider.tsx';

/**
 * A value that changes whenever what the dashboard's cards read changes (their tables' rows, the
 * names of users, teams and regions, the views they start from, the deal stages; with `metrics`,
 * what a pull or a write may change of the leaderboard's figures); undefined until
 * first read. Reads a handful of records, never rows.
 */
export function useDashboardCardChanges(
  tables: readonly TableKey[],
  viewIds: readonly string[],
  metrics = false,
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
        metrics,
      ).catch((err: unknown) => `unreadable:${err instanceof Error ? err.message : String(err)}`),
    [db, tablesKey, viewsKey, metrics],
  );
}
