import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { RemoteGeocoder } from '#src/api/geocoder.ts';
import { CrmDatabase } from '#src/db/database.ts';
import { getMeta } from '#src/db/meta.ts';
import { ADDRESS_QUEUE, queueAddressLookup, resolveQueuedAddresses } from './addressQueue.ts';
import { addLead } from './index.ts';

const geocoder = (address: string | undefined): RemoteGeocoder => ({
  source: 'open',
  provider: 'photon',
  search: vi.fn(async () => []),
  reverse: vi.fn(async (lng: number, lat: number) =>
    address ? { address, lng, lat, source: 'open' as const } : undefined,
  ),
});

describe('addresses looked up later', () => {
  it('gives a pin dropped offline its address once a lookup answers, through the outbox', async () => {
    const db = new CrmDatabase(`geo-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const id = await addLead(db, { name: 'Dropped Offline', coordinates: [-112.07, 33.45] });
    const placed = await addLead(db, {
      name: 'Has One',
      coordinates: [-112.08, 33.46],
      address: '1 Main St, Mesa, AZ 85201',
    });
    await queueAddressLookup(db, id);
    await queueAddressLookup(db, id);
    await queueAddressLookup(db, placed);
    expect(await getMeta(db, ADDRESS_QUEUE, [])).toEqual([id, placed]);

    // Still nothing to be found: the lead stays queued (the one with an address leaves).
    expect(await resolveQueuedAddresses(db, geocoder(undefined))).toBe(0);
    expect(await getMeta(db, ADDRESS_QUEUE, [])).toEqual([id]);

    const lookup = geocoder('4410 N 12th St, Phoenix, AZ 85014');
    expect(await resolveQueuedAddresses(db, lookup)).toBe(1);
    expect(lookup.reverse).toHaveBeenCalledWith(-112.07, 33.45);
    expect((await db.contacts.get(id))?.address).toBe('4410 N 12th St, Phoenix, AZ 85014');
    expect((await db.outbox.toArray()).at(-1)).toMatchObject({ name: 'lead.edit.v1', row_id: id });
    expect(await getMeta(db, ADDRESS_QUEUE, [])).toEqual([]);
    db.close();
  });
});
