import { useLiveQuery } from 'dexie-react-hooks';
import {
  type AddressLookupState,
  addressLookupState,
  queuedAddressLookups,
} from '#src/db/queries/addressLookups.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** Whether a lead's address is waiting for a lookup or was looked up in vain (undefined: neither). */
export function useAddressLookupState(leadId: string): AddressLookupState | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => addressLookupState(db, leadId), [db, leadId]);
}

/** The leads waiting for an address lookup, as one key that changes when the queue does. */
export function useQueuedAddressLookups(): string {
  const { db } = useDevice();
  return useLiveQuery(async () => (await queuedAddressLookups(db)).join(','), [db]) ?? '';
}
