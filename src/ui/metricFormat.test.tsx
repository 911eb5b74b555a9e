// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '#src/app/i18n.ts';
import { useMetricFormat } from './metricFormat.ts';

describe('a metric value as every screen shows it', () => {
  it.each([
    ['revenue', 12_345.67, '$12.3K', '$12,345.67'],
    ['sold_kw', 8.415, '8.4 kW', '8.415 kW'],
    ['closed_won', 1_234, '1.2K', '1,234'],
    [undefined, 42.125, '42.1', '42.125'],
  ])('%s: %d', (metric, value, compact, full) => {
    const { result } = renderHook(() => useMetricFormat(metric));
    expect(result.current.compact(value)).toBe(compact);
    expect(result.current.full(value)).toBe(full);
  });
});
