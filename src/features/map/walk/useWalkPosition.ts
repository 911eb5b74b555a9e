import { useEffect, useState } from 'react';
import { rememberFix } from '#src/device/hooks/useKnockPosition.ts';
import type { WalkPoint } from '#src/domain/walkRoute.ts';
import { GEOLOCATION_OPTIONS } from '../utils/geolocation.ts';

/** Where the rep is while `active` (the device's location as it moves); undefined when unknown. */
export function useWalkPosition(active: boolean): WalkPoint | undefined {
  const [position, setPosition] = useState<WalkPoint>();
  useEffect(() => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!active || !geolocation) return;
    const id = geolocation.watchPosition(
      (fix) => {
        // The knocks made on the walk carry it too.
        rememberFix(fix);
        setPosition({ lng: fix.coords.longitude, lat: fix.coords.latitude });
      },
      () => setPosition(undefined),
      GEOLOCATION_OPTIONS,
    );
    return () => geolocation.clearWatch(id);
  }, [active]);
  return active ? position : undefined;
}
