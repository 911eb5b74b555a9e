import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { RemoteGeocoder } from '#src/api/geocoder.ts';
import { CrmDatabase } from '#src/db/database.ts';
import { getMeta } from '#src/db/meta.ts';
import { ADDRESS_FAILED, ADDRESS_QUEUE, addressLookupState } from '#src/db/queries/addressLookups.ts';
import { queueAddressLookup, resolveQueuedAddresses } from './addressQueue.ts';
import { addLead } from './index.ts';

const geocoder = (address: string | undefined): RemoteGeocoder => ({
  source: 'open',
  provider: 'photon',
  search: vi.fn(async () => []),
  reverse: vi.fn(async (lng: number, lat: number) =>
    address ? { address, lng, lat, source: 'open' as const } : undefined,
  ),
});

const freshDb = () => new CrmDatabase(`geo-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
const NOW = () => new Date('2026-11-29T10:00:00Z');

describe('addresses looked up later', () => {
  it('gives a pin dropped offline its address once a lookup answers, through the outbox', async () => {
    const db = freshDb();
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
    expect(await addressLookupState(db, id)).toBe('pending');

    const lookup = geocoder('4410 N 12th St, Phoenix, AZ 85014');
    expect(await resolveQueuedAddresses(db, lookup, NOW)).toBe(1);
    expect(lookup.reverse).toHaveBeenCalledWith(-112.07, 33.45);
    expect(lookup.reverse).toHaveBeenCalledTimes(1);
    expect((await db.contacts.get(id))?.address).toBe('4410 N 12th St, Phoenix, AZ 85014');
    expect((await db.outbox.toArray()).at(-1)).toMatchObject({ name: 'lead.edit.v1', row_id: id });
    expect(await getMeta(db, ADDRESS_QUEUE, [])).toEqual([]);
    expect(await addressLookupState(db, id)).toBeUndefined();
    db.close();
  });

  it.each([
    ['finds nothing', undefined],
    ['finds only a place the address rules refuse', 'Papago Park'],
  ])('keeps a lead as failed when the lookup %s, and looks again when asked', async (_, answer) => {
    const db = freshDb();
    const id = await addLead(db, { name: 'Out Back', coordinates: [-112.93, 34.21] });
    await queueAddressLookup(db, id);
    const outbox = await db.outbox.count();

    expect(await resolveQueuedAddresses(db, geocoder(answer), NOW)).toBe(0);
    expect(await addressLookupState(db, id)).toBe('failed');
    expect(await getMeta(db, ADDRESS_FAILED, {})).toEqual({ [id]: '2026-11-29T10:00:00.000Z' });
    expect(await db.outbox.count()).toBe(outbox);
    // A failed lead is not asked again by itself.
    const quiet = geocoder('1 Main St, Mesa, AZ 85201');
    expect(await resolveQueuedAddresses(db, quiet, NOW)).toBe(0);
    expect(quiet.reverse).not.toHaveBeenCalled();

    // 'Look up again' queues it once more, and an answer clears the failure.
    await queueAddressLookup(db, id);
    expect(await addressLookupState(db, id)).toBe('pending');
    expect(await getMeta(db, ADDRESS_FAILED, {})).toEqual({});
    expect(await resolveQueuedAddresses(db, quiet, NOW)).toBe(1);
    expect(await addressLookupState(db, id)).toBeUndefined();
    db.close();
  });
});
