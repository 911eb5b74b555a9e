import { useEffect } from 'react';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useRemoteGeocoder } from '../geocoding/useRemoteGeocoder.ts';

/** Leads dropped without an address get one when the device is online (unless address search is off). */
export function useResolveQueuedAddresses() {
  const { resolveQueuedAddresses } = useCommands();
  const geocoder = useRemoteGeocoder();
  useEffect(() => {
    if (!geocoder) return;
    const resolve = () => {
      if (!navigator.onLine) return;
      void resolveQueuedAddresses(geocoder);
    };
    resolve();
    window.addEventListener('online', resolve);
    return () => window.removeEventListener('online', resolve);
  }, [resolveQueuedAddresses, geocoder]);
}
