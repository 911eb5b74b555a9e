/** The device's address lookups of leads dropped without an address (sync/commands/addressQueue.ts). */
import type { CrmDatabase } from '../database.ts';
import { getMeta } from '../meta.ts';

/** Lead ids waiting for a lookup, oldest first. */
export const ADDRESS_QUEUE = 'address_lookup_queue';
/** Lead ids whose lookup found no usable address, with when (ISO time). */
export const ADDRESS_FAILED = 'address_lookup_failed';

/** Where a lead without an address stands: waiting for a lookup, or looked up in vain. */
export type AddressLookupState = 'pending' | 'failed';

/** The lookup state of a lead, or undefined when none is waiting or failed. */
export async function addressLookupState(
  db: CrmDatabase,
  leadId: string,
): Promise<AddressLookupState | undefined> {
  if ((await getMeta<string[]>(db, ADDRESS_QUEUE, [])).includes(leadId)) return 'pending';
  if (leadId in (await getMeta<Record<string, string>>(db, ADDRESS_FAILED, {}))) return 'failed';
  return undefined;
}

/** The ids waiting for a lookup (a change to them is what starts the next round). */
export function queuedAddressLookups(db: CrmDatabase): Promise<string[]> {
  return getMeta<string[]>(db, ADDRESS_QUEUE, []);
}
