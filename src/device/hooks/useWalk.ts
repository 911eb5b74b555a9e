import { useLiveQuery } from 'dexie-react-hooks';
import { orgWalkRules, type WalkDoor, walkDoors } from '#src/db/queries/walk.ts';
import type { WalkRules } from '#src/domain/doorEligibility.ts';
import { useDevice } from '../DeviceProvider.tsx';

export type { WalkDoor };

/** The org's walk rules as last pulled (the standard ones when none were saved); undefined while reading. */
export function useWalkRules(): WalkRules | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => orgWalkRules(db), [db]);
}

/**
 * These contacts as doors of a walk, kept current (a knock changes its door's status at once), with
 * the ids they were read for (the very array asked for); knocks are read from `since` (ISO).
 * Undefined while reading.
 */
export function useWalkDoors(
  ids: readonly string[],
  since: string,
): { ids: readonly string[]; doors: WalkDoor[] } | undefined {
  const { db } = useDevice();
  return useLiveQuery(async () => ({ ids, doors: await walkDoors(db, ids, since) }), [db, ids, since]);
}
