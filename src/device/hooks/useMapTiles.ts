import { useLiveQuery } from 'dexie-react-hooks';
import { orgMapTiles } from '#src/db/queries/mapTiles.ts';
import type { MapTilesSetting } from '#src/domain/schemas/mapTiles.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The org's street base map setting as last pulled: null for none, undefined while reading. */
export function useMapTiles(): MapTilesSetting | null | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => orgMapTiles(db), [db]);
}
