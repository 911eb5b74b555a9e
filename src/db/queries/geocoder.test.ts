import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { orgGeocoder } from './geocoder.ts';

let n = 0;
const open = () => new CrmDatabase(`geocoder-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });

describe("the org's address search on the device", () => {
  it.each([
    ['no row', undefined, null],
    [
      'an own Photon',
      { kind: 'photon', url: 'https://geo.example' },
      { kind: 'photon', url: 'https://geo.example' },
    ],
    ['off', { kind: 'off' }, { kind: 'off' }],
    ['an unreadable row', { kind: 'photon', url: 'http://plain.example' }, null],
    ['a removed row', 'deleted', null],
  ])('is read from the pulled interface row: %s', async (_name, data, expected) => {
    const db = open();
    if (data === 'deleted') {
      await db.interfaces.put({
        _id: 'i1',
        key: 'geocoder',
        data: { kind: 'off' },
        deleted_at: '2026-01-01',
      } as never);
    } else if (data) {
      await db.interfaces.put({ _id: 'i1', key: 'geocoder', data } as never);
    }
    expect(await orgGeocoder(db)).toEqual(expected);
  });
});
