import { useLiveQuery } from 'dexie-react-hooks';
import {
  type RegionDoor,
  regionDoors,
  regionTurfs,
  teamTurfs,
  turfProgressOf,
  userTurfs,
} from '#src/db/queries/turfs.ts';
import type { TurfRow } from '#src/db/rows.ts';
import type { TurfProgress } from '#src/domain/turfProgress.ts';
import { useDevice } from '../DeviceProvider.tsx';

export type { RegionDoor } from '#src/db/queries/turfs.ts';
export type { TurfProgress } from '#src/domain/turfProgress.ts';

/** A region's turfs on the device (undefined while reading). */
export function useRegionTurfs(regionId: string | null): TurfRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(async () => (regionId ? regionTurfs(db, regionId) : []), [db, regionId]);
}

/** The turfs a user works (undefined while reading). */
export function useUserTurfs(userId: string): TurfRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => userTurfs(db, userId), [db, userId]);
}

/** The turfs a team's members work (undefined while reading). */
export function useTeamTurfs(teamId: string): TurfRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => teamTurfs(db, teamId), [db, teamId]);
}

/** How far each of these turfs has got this week (undefined while reading), live as doors are knocked. */
export function useTurfProgress(turfIds: readonly string[]): TurfProgress[] | undefined {
  const { db } = useDevice();
  // The ids' text stands for the list, so a new array of the same ids reads nothing again.
  const key = turfIds.join(',');
  return useLiveQuery(() => turfProgressOf(db, turfIds, new Date()), [db, key]);
}

/** A region's doors with a position, as a cut reads them (undefined while reading or while `enabled` is false). */
export function useRegionDoors(regionId: string | null, enabled: boolean): RegionDoor[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(
    async () => (enabled && regionId ? regionDoors(db, regionId) : undefined),
    [db, regionId, enabled],
  );
}
