import { describe, expect, it } from 'vitest';
import type { TableRow } from '#src/db/rows.ts';
import type { SalesFigures } from '#src/domain/sales.ts';
import { rowWith } from './rowWith.ts';
import { withSales } from './salesRows.ts';

const figures = (activeDeals: number, month: number, total: number): SalesFigures => ({
  leads: activeDeals + total,
  activeDeals,
  period: { count: month, cents: 0, kw: 0 },
  total: { count: total, cents: 0, kw: 0 },
});

describe('withSales', () => {
  const rows = [
    { _id: 'u1', name: 'Riley' },
    { _id: 'u2', name: 'Sam' },
  ] as TableRow[];

  it('gives each row its figures, and none (zero) to a row without contacts', () => {
    expect(withSales(rows, new Map([['u1', figures(2, 1, 5)]]))).toEqual([
      { _id: 'u1', name: 'Riley', active_deals: 2, monthly_sales: 1, total_sales: 5 },
      { _id: 'u2', name: 'Sam', active_deals: 0, monthly_sales: 0, total_sales: 0 },
    ]);
  });

  it('keeps the rows as they were until the figures are counted', () => {
    expect(withSales(rows, undefined)).toBe(rows);
  });
});

describe('rowWith', () => {
  it('keeps the fields a row of the row index holds on its prototype', () => {
    class IndexRow {
      readonly _id = 'u1';
    }
    Object.defineProperty(IndexRow.prototype, 'name', { enumerable: true, get: () => 'Riley' });
    const row = new IndexRow() as unknown as TableRow;
    expect(withSales([row], new Map())).toEqual([
      { _id: 'u1', name: 'Riley', active_deals: 0, monthly_sales: 0, total_sales: 0 },
    ]);
    expect(rowWith(row, { last_active: 'x' })).toEqual({ _id: 'u1', name: 'Riley', last_active: 'x' });
  });
});
