import { describe, expect, it } from 'vitest';
import type { TableRow } from '#src/db/rows.ts';
import { TABLES } from '#src/domain/tables/registry.ts';
import { isGroup } from './dataTableParts.ts';
import {
  applyUpdater,
  columnDefsOf,
  columnsByKey,
  gridItems,
  movedColumns,
  selectionSummary,
  shownColumns,
  sortingOf,
  sortRulesOf,
  spacerHeights,
} from './gridModel.ts';

const products = TABLES.products;
const row = (id: string, category: string): TableRow => ({ _id: id, name: id, category }) as TableRow;

describe("the grid's columns", () => {
  const byKey = columnsByKey(products);
  it.each([
    { keys: ['price', 'name'], shown: ['price', 'name'] },
    { keys: ['name', 'gone', 'active'], shown: ['name', 'active'] },
    { keys: [], shown: [] },
  ])('shows $keys as $shown', ({ keys, shown }) => {
    expect(shownColumns(byKey, keys).map((c) => c.key)).toEqual(shown);
  });

  it('gives each its width (150 by default) within 60 to 800', () => {
    const defs = columnDefsOf([
      { key: 'name', label: 'Name', type: 'text', width: 220 },
      { key: 'note', label: 'Note', type: 'text' },
    ]);
    expect(defs.map((d) => [d.id, d.size, d.minSize, d.maxSize])).toEqual([
      ['name', 220, 60, 800],
      ['note', 150, 60, 800],
    ]);
  });

  it.each([
    { sort: [], sorting: [] },
    {
      sort: [
        { field: 'name', desc: false },
        { field: 'price', desc: true },
      ],
      sorting: [
        { id: 'name', desc: false },
        { id: 'price', desc: true },
      ],
    },
  ])('turns sort rules into the table model sorting and back', ({ sort, sorting }) => {
    expect(sortingOf(sort)).toEqual(sorting);
    expect(sortRulesOf(sorting)).toEqual(sort);
  });

  it.each([
    { updater: 2, old: 1, next: 2 },
    { updater: (n: number) => n + 1, old: 1, next: 2 },
  ])('applies an update given as $updater', ({ updater, old, next }) => {
    expect(applyUpdater(updater, old)).toBe(next);
  });

  it.each<{ key: string; by: -1 | 1; columns: string[] | undefined }>([
    { key: 'b', by: -1, columns: ['b', 'a', 'c'] },
    { key: 'b', by: 1, columns: ['a', 'c', 'b'] },
    { key: 'a', by: -1, columns: undefined },
    { key: 'c', by: 1, columns: undefined },
    { key: 'gone', by: 1, columns: undefined },
  ])('moves $key by $by', ({ key, by, columns }) => {
    expect(movedColumns(['a', 'b', 'c'], key, by)).toEqual(columns);
  });
});

describe("the grid's lines", () => {
  const rows = [row('1', 'Solar'), row('2', 'Storage'), row('3', 'Solar')];
  const category = columnsByKey(products).get('category');
  const lines = (collapsed: Record<string, boolean>, groupBy: typeof category) =>
    gridItems(rows, groupBy, undefined, collapsed).map((i) => (isGroup(i) ? `${i.key} (${i.count})` : i._id));

  it.each<{ groupBy: typeof category; collapsed: Record<string, boolean>; shown: string[] }>([
    { groupBy: undefined, collapsed: {}, shown: ['1', '2', '3'] },
    { groupBy: category, collapsed: {}, shown: ['Solar (2)', '1', '3', 'Storage (1)', '2'] },
    { groupBy: category, collapsed: { Solar: true }, shown: ['Solar (2)', 'Storage (1)', '2'] },
  ])('grouped by $groupBy.key, collapsed $collapsed: $shown', ({ groupBy, collapsed, shown }) => {
    expect(lines(collapsed, groupBy)).toEqual(shown);
  });

  it.each<{ rows: TableRow[]; selection: Record<string, true>; all: boolean; some: boolean }>([
    { rows: [], selection: {}, all: false, some: false },
    { rows: [row('1', ''), row('2', '')], selection: {}, all: false, some: false },
    { rows: [row('1', ''), row('2', '')], selection: { '1': true }, all: false, some: true },
    { rows: [row('1', ''), row('2', '')], selection: { '1': true, '2': true }, all: true, some: true },
    { rows: [row('1', '')], selection: { '9': true }, all: false, some: true },
  ])(
    'selection $selection of $rows.length rows: all $all, some $some',
    ({ rows: r, selection, all, some }) => {
      expect(selectionSummary(r, selection)).toEqual({ allSelected: all, someSelected: some });
    },
  );

  it.each([
    { window: [], total: 0, before: 0, after: 0 },
    { window: [{ start: 0, end: 41 }], total: 41, before: 0, after: 0 },
    {
      window: [
        { start: 410, end: 451 },
        { start: 451, end: 492 },
      ],
      total: 4100,
      before: 410,
      after: 3608,
    },
  ])(
    'pads a window of $window.length lines: $before above, $after below',
    ({ window, total, before, after }) => {
      expect(spacerHeights(window, total)).toEqual({ before, after });
    },
  );
});
