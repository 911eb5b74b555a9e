import { useEffect } from 'react';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { remoteGeocoder } from '../geocoding/useGeocoder.ts';

/** Leads dropped without an address get one when the device is online (and a geocoder is set). */
export function useResolveQueuedAddresses() {
  const { resolveQueuedAddresses } = useCommands();
  useEffect(() => {
    if (!remoteGeocoder) return;
    const geocoder = remoteGeocoder;
    const resolve = () => {
      if (!navigator.onLine) return;
      void resolveQueuedAddresses(geocoder);
    };
    resolve();
    window.addEventListener('online', resolve);
    return () => window.removeEventListener('online', resolve);
  }, [resolveQueuedAddresses]);
}
