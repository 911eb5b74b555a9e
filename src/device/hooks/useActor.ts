import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { CrmDatabase } from '#src/db/database.ts';
import { loadActor, provisionalActor } from '#src/db/queries/actor.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { useDevice } from '../DeviceProvider.tsx';

/**
 * The actor last read from each device database: a screen opened next starts from it rather than
 * from the session's bare level, so it never flashes a refusal for a right granted by a role.
 */
const lastRead = new WeakMap<CrmDatabase, Actor>();

/**
 * The signed-in user as the permission rules see them — level, org, teams, managed teams and
 * members, regions, rights granted by roles — from their rows on the device, so hidden controls
 * match what the server will allow. Every screen asks this one hook.
 */
export function useActor(): Actor {
  const { db, userId, access, actingOrg } = useDevice();
  const before = useMemo(() => lastRead.get(db) ?? provisionalActor(userId, access), [db, userId, access]);
  return (
    useLiveQuery(async () => {
      const actor = await loadActor(db, userId, access, actingOrg);
      lastRead.set(db, actor);
      return actor;
    }, [db, userId, access, actingOrg]) ?? before
  );
}
