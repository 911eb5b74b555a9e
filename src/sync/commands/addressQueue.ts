/**
 * Leads dropped on the map without an address (offline, or the lookup had no answer yet) wait
 * here; when the device is online their address is looked up from their position and saved like
 * any edit. A lookup that finds nothing the lead's address rules accept is kept as failed, so the
 * rep sees it and can look again or type the address; it is never dropped silently. A geocoder
 * that could not be asked (the network not yet back, a timeout, its own failure) leaves the lead
 * waiting for the next round.
 */
import type { CrmDatabase } from '#src/db/database.ts';
import { getMeta, setMeta } from '#src/db/meta.ts';
import { positionOf } from '#src/db/pinIndex.ts';
import { ADDRESS_FAILED, ADDRESS_QUEUE } from '#src/db/queries/addressLookups.ts';
import { InvalidChangeError } from './enqueue.ts';
import { editLead } from './leads.ts';

/** What the queue needs of a geocoder (features/map/geocoding provides one). */
export interface ReverseGeocoder {
  /** The address at a spot, nothing when there is none; rejects when it could not be asked now. */
  locate(lng: number, lat: number): Promise<{ address?: string | undefined } | undefined>;
}

/** What one round of lookups did. */
export interface LookupRound {
  /** Leads given an address. */
  resolved: number;
  /** The geocoder could not be asked: the leads not yet looked up still wait, for a later round. */
  unreachable: boolean;
}

export async function queueAddressLookup(db: CrmDatabase, leadId: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const queue = await getMeta<string[]>(db, ADDRESS_QUEUE, []);
    if (!queue.includes(leadId)) await setMeta(db, ADDRESS_QUEUE, [...queue, leadId]);
    const failed = await getMeta<Record<string, string>>(db, ADDRESS_FAILED, {});
    if (leadId in failed) {
      const { [leadId]: _, ...rest } = failed;
      await setMeta(db, ADDRESS_FAILED, rest);
    }
  });
}

const hasAddress = (address: unknown) => typeof address === 'string' && !!address.trim();

/**
 * Looks up every queued lead once. A lead that got an address meanwhile, or is gone, leaves the
 * queue; one whose lookup found nothing usable is kept as failed. When the geocoder cannot be
 * asked, the round stops and the leads not yet looked up stay queued.
 */
export async function resolveQueuedAddresses(
  db: CrmDatabase,
  geocoder: ReverseGeocoder,
  now: () => Date = () => new Date(),
): Promise<LookupRound> {
  const queue = await getMeta<string[]>(db, ADDRESS_QUEUE, []);
  const done: string[] = [];
  const failed: string[] = [];
  let resolved = 0;
  let unreachable = false;
  for (const id of queue) {
    const lead = await db.contacts.get(id);
    const position = lead ? positionOf(lead) : null;
    // Gone, already given an address by someone, or nowhere to look from: nothing to do.
    if (!lead || hasAddress(lead.address) || !position) {
      done.push(id);
      continue;
    }
    let found: Awaited<ReturnType<ReverseGeocoder['locate']>>;
    try {
      found = await geocoder.locate(position[0], position[1]);
    } catch (err) {
      console.warn('address lookup deferred: the geocoder could not be asked', err);
      unreachable = true;
      break;
    }
    done.push(id);
    if (!found?.address) {
      failed.push(id);
      continue;
    }
    try {
      await editLead(db, id, { address: found.address });
      resolved++;
    } catch (err) {
      // An answer the lead's address rules refuse (a place name, no ZIP) is no address either.
      if (!(err instanceof InvalidChangeError)) throw err;
      failed.push(id);
    }
  }
  if (done.length) {
    const at = now().toISOString();
    await db.transaction('rw', db.meta, async () => {
      const waiting = await getMeta<string[]>(db, ADDRESS_QUEUE, []);
      await setMeta(
        db,
        ADDRESS_QUEUE,
        waiting.filter((id) => !done.includes(id)),
      );
      const before = await getMeta<Record<string, string>>(db, ADDRESS_FAILED, {});
      await setMeta(db, ADDRESS_FAILED, { ...before, ...Object.fromEntries(failed.map((id) => [id, at])) });
    });
  }
  return { resolved, unreachable };
}
