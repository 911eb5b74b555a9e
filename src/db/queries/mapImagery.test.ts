import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../database.ts';
import { orgMapImagery } from './mapImagery.ts';

let n = 0;
const open = () => new CrmDatabase(`imagery-${++n}`, { indexedDB: new IDBFactory(), IDBKeyRange });
const OWN = { kind: 'url', url: 'https://tiles.example.com/{z}/{x}/{y}.jpg', attribution: 'Example' };

describe("the org's aerial imagery on the device", () => {
  it.each<{ rows: Record<string, unknown>[]; expected: unknown }>([
    { rows: [], expected: null },
    { rows: [{ _id: 'i1', key: 'map_imagery', data: OWN }], expected: OWN },
    { rows: [{ _id: 'i1', key: 'map_imagery', data: { kind: 'off' } }], expected: { kind: 'off' } },
    {
      rows: [{ _id: 'i1', key: 'map_imagery', data: { kind: 'off' }, deleted_at: '2026-01-01' }],
      expected: null,
    },
    { rows: [{ _id: 'i1', key: 'map_imagery', data: { kind: 'url', url: 'http://x' } }], expected: null },
    { rows: [{ _id: 'i1', key: 'map_tiles', data: { kind: 'builtin' } }], expected: null },
  ])('reads $rows.length row(s) as $expected', async ({ rows, expected }) => {
    const db = open();
    for (const row of rows) await db.interfaces.put(row as never);
    expect(await orgMapImagery(db)).toEqual(expected);
  });
});
