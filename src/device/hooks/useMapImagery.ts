import { useLiveQuery } from 'dexie-react-hooks';
import { orgMapImagery } from '#src/db/queries/mapImagery.ts';
import type { MapImagerySetting } from '#src/domain/schemas/mapImagery.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The org's aerial imagery setting as last pulled: null for none (the default), undefined while reading. */
export function useMapImagery(): MapImagerySetting | null | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => orgMapImagery(db), [db]);
}
