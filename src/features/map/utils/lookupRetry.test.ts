import { describe, expect, it } from 'vitest';
import { lookupRetryDelay } from './lookupRetry.ts';

describe('the pause before asking an unreachable geocoder again', () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [7, 300_000],
    [30, 300_000],
  ])('after %i rounds in a row: %i ms (doubling, at most 5 minutes)', (failures, ms) => {
    expect(lookupRetryDelay(failures)).toBe(ms);
  });
});
