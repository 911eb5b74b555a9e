import { describe, expect, it } from 'vitest';
import { formatSlowest, slowestFiles } from './slowestFiles.ts';

describe('slowest test files', () => {
  it.each([
    { times: [], count: 20, expected: [] },
    {
      times: [
        { file: 'a', ms: 10 },
        { file: 'b', ms: 30 },
        { file: 'c', ms: 20 },
      ],
      count: 2,
      expected: ['b', 'c'],
    },
    {
      times: [
        { file: 'z', ms: 5 },
        { file: 'y', ms: 5 },
      ],
      count: 20,
      expected: ['y', 'z'],
    },
  ])('keeps the $count slowest, slowest first', ({ times, count, expected }) => {
    expect(slowestFiles(times, count).map((t) => t.file)).toEqual(expected);
  });

  it('prints rank, seconds and file', () => {
    expect(formatSlowest([{ file: 'tests/e2e/x.e2e.test.ts', ms: 12_345 }])).toBe(
      'Slowest 1 test files:\n  1.    12.3 s  tests/e2e/x.e2e.test.ts',
    );
  });
});
