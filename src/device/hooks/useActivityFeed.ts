import { useLiveQuery } from 'dexie-react-hooks';
import { consolidatedActivity, type FeedEntry, latestActivity } from '#src/db/queries/activityFeed.ts';
import { useDevice } from '../DeviceProvider.tsx';
import { useLiveRows } from './useTableRows.ts';

const PLACE_COLUMNS = ['team_id', 'region_id'];

/**
 * The latest activity of some teams or of a region, from the device (live: a pull brings new
 * entries in). Undefined while reading.
 */
export function useActivityFeed(
  where: { teamIds?: readonly string[]; regionId?: string },
  limit: number,
): FeedEntry[] | undefined {
  const { db } = useDevice();
  const teams = (where.teamIds ?? []).join(',');
  const region = where.regionId ?? '';
  const leadIds = useLiveRows(
    'contacts',
    PLACE_COLUMNS,
    async (read) => {
      const teamIds = new Set(teams ? teams.split(',') : []);
      const ids = (await read())
        .filter((r) => teamIds.has(String(r.team_id)) || (region !== '' && r.region_id === region))
        .map((r) => String(r._id));
      return new Set(ids);
    },
    [teams, region],
  );
  return useLiveQuery(
    () =>
      leadIds &&
      consolidatedActivity(
        db,
        { teamIds: teams ? teams.split(',') : [], ...(region ? { regionId: region } : {}), leadIds },
        limit,
      ),
    [db, leadIds, teams, region, limit],
  );
}

/** The latest of everything this device holds of what happened (live). Undefined while reading. */
export function useLatestActivity(limit: number): FeedEntry[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => latestActivity(db, limit), [db, limit]);
}
