import { useEffect, useRef } from 'react';
import { useQueuedAddressLookups } from '#src/device/hooks/useAddressLookup.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useRemoteGeocoder } from '../geocoding/useRemoteGeocoder.ts';

/**
 * Leads dropped without an address get one when the device is online (unless address search is
 * off): at once for a lead queued while online, and on reconnecting for those queued offline.
 */
export function useResolveQueuedAddresses() {
  const { resolveQueuedAddresses } = useCommands();
  const geocoder = useRemoteGeocoder();
  const queued = useQueuedAddressLookups();
  // One round at a time: a round's own changes to the queue start the next one, not a second.
  const running = useRef(false);
  useEffect(() => {
    if (!geocoder || !queued) return;
    const resolve = () => {
      if (!navigator.onLine || running.current) return;
      running.current = true;
      void resolveQueuedAddresses(geocoder).finally(() => {
        running.current = false;
      });
    };
    resolve();
    window.addEventListener('online', resolve);
    return () => window.removeEventListener('online', resolve);
  }, [resolveQueuedAddresses, geocoder, queued]);
}
