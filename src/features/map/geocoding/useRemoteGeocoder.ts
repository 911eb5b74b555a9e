import { useMemo } from 'react';
import { geocoderFor, type RemoteGeocoder } from '#src/api/geocoder.ts';
import { BUILD_GEOCODER } from '#src/api/geocoding/buildGeocoder.ts';
import { useGeocoderSetting } from '#src/device/hooks/useGeocoderSetting.ts';
import type { GeocoderSetting } from '#src/domain/schemas/geocoder.ts';

/**
 * The geocoder this device uses for the map's search and its dropped pins: the org's setting as
 * last pulled (Google when the build has a key); undefined while it is read, or when the org
 * turned address search off.
 */
export function useRemoteGeocoder(): RemoteGeocoder | undefined {
  const setting = useGeocoderSetting();
  // The same setting read again is the same geocoder.
  const key = setting === undefined ? undefined : JSON.stringify(setting);
  return useMemo(
    () =>
      key === undefined ? undefined : geocoderFor(JSON.parse(key) as GeocoderSetting | null, BUILD_GEOCODER),
    [key],
  );
}
