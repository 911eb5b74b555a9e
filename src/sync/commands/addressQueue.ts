/**
 * Leads dropped on the map without an address (offline, or the lookup failed) wait here; when the
 * device is online again their address is looked up from their position and saved like any edit.
 */
import type { CrmDatabase } from '#src/db/database.ts';
import { getMeta, setMeta } from '#src/db/meta.ts';
import { positionOf } from '#src/db/pinIndex.ts';
import { InvalidChangeError } from './enqueue.ts';
import { editLead } from './leads.ts';

/** What the queue needs of a geocoder (features/map/geocoding provides one). */
export interface ReverseGeocoder {
  reverse(lng: number, lat: number): Promise<{ address?: string | undefined } | undefined>;
}

export const ADDRESS_QUEUE = 'address_lookup_queue';

export async function queueAddressLookup(db: CrmDatabase, leadId: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const queue = await getMeta<string[]>(db, ADDRESS_QUEUE, []);
    if (!queue.includes(leadId)) await setMeta(db, ADDRESS_QUEUE, [...queue, leadId]);
  });
}

/** Looks up what it can; answers how many leads got an address. Unresolved ones stay queued. */
export async function resolveQueuedAddresses(db: CrmDatabase, geocoder: ReverseGeocoder): Promise<number> {
  const queue = await getMeta<string[]>(db, ADDRESS_QUEUE, []);
  const done: string[] = [];
  let resolved = 0;
  for (const id of queue) {
    const lead = await db.contacts.get(id);
    const position = lead ? positionOf(lead) : null;
    // Gone, already given an address by someone, or nowhere to look from: nothing to do.
    if (!lead || (typeof lead.address === 'string' && lead.address.trim()) || !position) {
      done.push(id);
      continue;
    }
    const found = await geocoder.reverse(position[0], position[1]);
    if (!found?.address) continue;
    try {
      await editLead(db, id, { address: found.address });
      resolved++;
    } catch (err) {
      // An answer the lead's address rules refuse (a place name, no ZIP) will not get better by
      // asking again: the lead keeps its position and no address.
      if (!(err instanceof InvalidChangeError)) throw err;
    }
    done.push(id);
  }
  if (done.length) {
    await db.transaction('rw', db.meta, async () => {
      const now = await getMeta<string[]>(db, ADDRESS_QUEUE, []);
      await setMeta(
        db,
        ADDRESS_QUEUE,
        now.filter((id) => !done.includes(id)),
      );
    });
  }
  return resolved;
}
