import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { loadActor, provisionalActor } from '../../db/queries/actor.ts';
import type { Actor } from '../../domain/permissions.ts';
import { useDevice } from '../DeviceProvider.tsx';

/**
 * The signed-in user as the permission rules see them — level, org, teams, managed teams and
 * members, regions — from their rows on the device, so hidden controls match what the server will
 * allow. Every screen asks this one hook.
 */
export function useActor(): Actor {
  const { db, userId, access, actingOrg } = useDevice();
  const provisional = useMemo(() => provisionalActor(userId, access), [userId, access]);
  return (
    useLiveQuery(() => loadActor(db, userId, access, actingOrg), [db, userId, access, actingOrg]) ??
    provisional
  );
}
