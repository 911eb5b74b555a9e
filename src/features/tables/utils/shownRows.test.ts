import { describe, expect, it } from 'vitest';
import type { TableRow } from '#src/db/rows.ts';
import { TABLES } from '#src/domain/tables/registry.ts';
import {
  addWrittenRow,
  type LoadedRows,
  NO_WRITES,
  SortedRows,
  visibleColumns,
  type WrittenRows,
  withWrittenRows,
} from './shownRows.ts';

const row = (id: string, name: string): TableRow => ({ _id: id, name }) as TableRow;
const names = (rows: readonly TableRow[] | undefined) => rows?.map((r) => String(r.name));

describe("a screen's own writes over the rows read", () => {
  const read: LoadedRows = { run: 2, rows: [row('1', 'Panel'), row('2', 'Battery')] };
  const wrote = (beforeRun: number): WrittenRows => ({
    beforeRun,
    rows: new Map([['2', row('2', 'Battery XL')]]),
  });
  it.each([
    { loaded: undefined, written: NO_WRITES, shown: undefined, why: 'nothing before the first read' },
    { loaded: read, written: NO_WRITES, shown: ['Panel', 'Battery'], why: 'the read without writes' },
    {
      loaded: read,
      written: wrote(2),
      shown: ['Panel', 'Battery XL'],
      why: 'a write after the read started',
    },
    {
      loaded: read,
      written: wrote(1),
      shown: ['Panel', 'Battery'],
      why: 'the read that started after the write',
    },
  ])('shows $why', ({ loaded, written, shown }) => {
    expect(names(withWrittenRows(loaded, written))).toEqual(shown);
  });

  it.each([
    { before: NO_WRITES, lastRun: 0, ids: ['a'] },
    { before: { beforeRun: 3, rows: new Map([['b', row('b', 'B')]]) }, lastRun: 3, ids: ['b', 'a'] },
    { before: { beforeRun: 2, rows: new Map([['b', row('b', 'B')]]) }, lastRun: 3, ids: ['a'] },
  ])('keeps writes since read $lastRun: $ids', ({ before, lastRun, ids }) => {
    const after = addWrittenRow(before, 'a', row('a', 'A'), lastRun);
    expect([...after.rows.keys()]).toEqual(ids);
    expect(after.beforeRun).toBe(lastRun);
  });
});

describe('the columns searched and exported', () => {
  it.each([
    { columns: ['name', 'price'], visible: ['name', 'price'] },
    { columns: ['name', 'removed_column', 'price'], visible: ['name', 'price'] },
    { columns: [], visible: [] },
  ])('$columns → $visible', ({ columns, visible }) => {
    expect(visibleColumns(columns, TABLES.products)).toEqual(visible);
  });
});

describe('the sorted orders kept', () => {
  const columns = TABLES.products.columns;
  const rows = [row('1', 'b'), row('2', 'a'), row('3', 'c')];
  const byName = (desc: boolean) => JSON.stringify([{ field: 'name', desc }]);

  it.each([
    { sortKey: '[]', order: ['b', 'a', 'c'] },
    { sortKey: byName(false), order: ['a', 'b', 'c'] },
    { sortKey: byName(true), order: ['c', 'b', 'a'] },
  ])('$sortKey sorts $order', ({ sortKey, order }) => {
    expect(names(new SortedRows().sorted(rows, sortKey, columns))).toEqual(order);
  });

  it('answers a kept order without sorting again, and forgets all when the rows change', () => {
    const cache = new SortedRows(2);
    const first = cache.sorted(rows, byName(false), columns);
    cache.sorted(rows, byName(true), columns);
    expect(cache.sorted(rows, byName(false), columns)).toBe(first);
    const newRows = [...rows];
    expect(cache.sorted(newRows, byName(false), columns)).not.toBe(first);
  });

  it('keeps only the last few orders', () => {
    const cache = new SortedRows(2);
    const first = cache.sorted(rows, byName(false), columns);
    cache.sorted(rows, byName(true), columns);
    cache.sorted(rows, JSON.stringify([{ field: 'price', desc: false }]), columns);
    expect(cache.sorted(rows, byName(false), columns)).not.toBe(first);
  });
});
