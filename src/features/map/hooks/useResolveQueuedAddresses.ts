import { useEffect, useRef } from 'react';
import { useQueuedAddressLookups } from '#src/device/hooks/useAddressLookup.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useRemoteGeocoder } from '../geocoding/useRemoteGeocoder.ts';
import { lookupRetryDelay } from '../utils/lookupRetry.ts';

/**
 * Leads dropped without an address get one when the device is online (unless address search is
 * off): at once for a lead queued while online, and on reconnecting for those queued offline. A
 * round that could not reach the geocoder (the network not yet back) is tried again after a
 * growing pause, as well as at the next reconnection.
 */
export function useResolveQueuedAddresses() {
  const { resolveQueuedAddresses } = useCommands();
  const geocoder = useRemoteGeocoder();
  const queued = useQueuedAddressLookups();
  // One round at a time: a round's own changes to the queue start the next one, not a second.
  const running = useRef(false);
  const failures = useRef(0);
  useEffect(() => {
    if (!geocoder || !queued) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const resolve = () => {
      clearTimeout(retry);
      if (!navigator.onLine || running.current) return;
      running.current = true;
      void resolveQueuedAddresses(geocoder)
        .then(({ unreachable }) => {
          failures.current = unreachable ? failures.current + 1 : 0;
          if (unreachable && live) retry = setTimeout(resolve, lookupRetryDelay(failures.current));
        })
        .finally(() => {
          running.current = false;
        });
    };
    resolve();
    window.addEventListener('online', resolve);
    return () => {
      live = false;
      clearTimeout(retry);
      window.removeEventListener('online', resolve);
    };
  }, [resolveQueuedAddresses, geocoder, queued]);
}
