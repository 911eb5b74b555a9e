import { describe, expect, it } from 'vitest';
import { currentMonth, recentMonths } from './payMonths.ts';

describe('payMonths', () => {
  it.each([
    [new Date(2026, 0, 15), '2026-01', ['2026-01', '2025-12', '2025-11']],
    [new Date(2026, 10, 30), '2026-11', ['2026-11', '2026-10', '2026-09']],
  ])('%s', (now, month, months) => {
    expect(currentMonth(now)).toBe(month);
    expect(recentMonths(now, 3)).toEqual(months);
  });
});
