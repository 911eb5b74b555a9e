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
  reverse: vi.fn(async () => undefined),
  locate: vi.fn(async (lng: number, lat: number) =>
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
    expect(await resolveQueuedAddresses(db, lookup, NOW)).toEqual({ resolved: 1, unreachable: false });
    expect(lookup.locate).toHaveBeenCalledWith(-112.07, 33.45);
    expect(lookup.locate).toHaveBeenCalledTimes(1);
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

    expect(await resolveQueuedAddresses(db, geocoder(answer), NOW)).toEqual({
      resolved: 0,
      unreachable: false,
    });
    expect(await addressLookupState(db, id)).toBe('failed');
    expect(await getMeta(db, ADDRESS_FAILED, {})).toEqual({ [id]: '2026-11-29T10:00:00.000Z' });
    expect(await db.outbox.count()).toBe(outbox);
    // A failed lead is not asked again by itself.
    const quiet = geocoder('1 Main St, Mesa, AZ 85201');
    expect((await resolveQueuedAddresses(db, quiet, NOW)).resolved).toBe(0);
    expect(quiet.locate).not.toHaveBeenCalled();

    // 'Look up again' queues it once more, and an answer clears the failure.
    await queueAddressLookup(db, id);
    expect(await addressLookupState(db, id)).toBe('pending');
    expect(await getMeta(db, ADDRESS_FAILED, {})).toEqual({});
    expect((await resolveQueuedAddresses(db, quiet, NOW)).resolved).toBe(1);
    expect(await addressLookupState(db, id)).toBeUndefined();
    db.close();
  });

  it('keeps leads waiting when the geocoder cannot be asked, and looks them up in a later round', async () => {
    const db = freshDb();
    const first = await addLead(db, { name: 'Back Online', coordinates: [-112.07, 33.45] });
    const second = await addLead(db, { name: 'Next Door', coordinates: [-112.071, 33.45] });
    await queueAddressLookup(db, first);
    await queueAddressLookup(db, second);
    const outbox = await db.outbox.count();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    // The network is not through yet: the round stops at the first lead and nobody is failed.
    const down = geocoder('4410 N 12th St, Phoenix, AZ 85014');
    vi.mocked(down.locate).mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await resolveQueuedAddresses(db, down, NOW)).toEqual({ resolved: 0, unreachable: true });
    expect(down.locate).toHaveBeenCalledTimes(1);
    expect(await getMeta(db, ADDRESS_QUEUE, [])).toEqual([first, second]);
    expect(await getMeta(db, ADDRESS_FAILED, {})).toEqual({});
    expect(await addressLookupState(db, first)).toBe('pending');
    expect(await db.outbox.count()).toBe(outbox);

    // Failing halfway: the lead looked up is done, the other still waits.
    const flaky = geocoder('4410 N 12th St, Phoenix, AZ 85014');
    vi.mocked(flaky.locate)
      .mockResolvedValueOnce({ address: '4410 N 12th St, Phoenix, AZ 85014', lng: 0, lat: 0, source: 'open' })
      .mockRejectedValueOnce(new Error('The geocoder answered 503.'));
    expect(await resolveQueuedAddresses(db, flaky, NOW)).toEqual({ resolved: 1, unreachable: true });
    expect(await getMeta(db, ADDRESS_QUEUE, [])).toEqual([second]);

    expect(await resolveQueuedAddresses(db, geocoder('4412 N 12th St, Phoenix, AZ 85014'), NOW)).toEqual({
      resolved: 1,
      unreachable: false,
    });
    expect(await getMeta(db, ADDRESS_QUEUE, [])).toEqual([]);
    expect((await db.contacts.get(second))?.address).toBe('4412 N 12th St, Phoenix, AZ 85014');
    warn.mockRestore();
    db.close();
  });
});
