import { useLiveQuery } from 'dexie-react-hooks';
import { orgGeocoder } from '#src/db/queries/geocoder.ts';
import type { GeocoderSetting } from '#src/domain/schemas/geocoder.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The org's address search setting as last pulled: null for none chosen, undefined while reading. */
export function useGeocoderSetting(): GeocoderSetting | null | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => orgGeocoder(db), [db]);
}
