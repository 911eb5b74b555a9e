import { describe, expect, it } from 'vitest';
import type { TableRow } from '#src/db/rows.ts';
import { withLastActive } from './lastActiveRows.ts';

const row = (id: string, last_active?: string | null) =>
  ({ _id: id, name: id, ...(last_active !== undefined ? { last_active } : {}) }) as TableRow;

describe("the users table's last activity", () => {
  it.each([
    [
      'without the server: the rows as they were',
      [row('a', '2026-03-01T00:00:00.000Z')],
      undefined,
      ['2026-03-01T00:00:00.000Z'],
    ],
    [
      'the server fills a blank row',
      [row('a')],
      { a: '2026-03-10T11:58:00.000Z' },
      ['2026-03-10T11:58:00.000Z'],
    ],
    [
      'the newer of the two',
      [row('a', '2026-03-01T00:00:00.000Z'), row('b', '2026-03-09T00:00:00.000Z')],
      { a: '2026-03-10T11:58:00.000Z', b: '2026-03-02T00:00:00.000Z' },
      ['2026-03-10T11:58:00.000Z', '2026-03-09T00:00:00.000Z'],
    ],
    ['never active anywhere stays blank', [row('a', null)], { a: null }, [null]],
    ['a user the server did not answer for', [row('z')], {}, [undefined]],
  ])('%s', (_case, rows, server, expected) => {
    expect(withLastActive(rows, server).map((r) => r.last_active)).toEqual(expected);
  });

  it('keeps the rows that did not change', () => {
    const same = row('a', '2026-03-09T00:00:00.000Z');
    const rows = [same];
    expect(withLastActive(rows, undefined)).toBe(rows);
    expect(withLastActive(rows, { a: '2026-03-01T00:00:00.000Z' })[0]).toBe(same);
  });
});
