import { describe, expect, it } from 'vitest';
import { longestFirst } from './longestFirst.ts';

const same = (file: string) => file;

describe('longest files first', () => {
  it.each([
    { files: ['a', 'b', 'c', 'd'], order: ['c', 'a'], expected: ['c', 'a', 'b', 'd'] },
    { files: ['a', 'b'], order: [], expected: ['a', 'b'] },
    { files: ['a', 'b'], order: ['gone', 'b'], expected: ['b', 'a'] },
    { files: [], order: ['a'], expected: [] },
    { files: ['d', 'c', 'b', 'a'], order: ['a', 'b'], expected: ['a', 'b', 'd', 'c'] },
  ])('puts $order first among $files', ({ files, order, expected }) => {
    expect(longestFirst(files, same, order)).toEqual(expected);
  });

  it('names files by what the caller reads from them', () => {
    const files = [{ id: 'x/one.ts' }, { id: 'x/two.ts' }];
    expect(longestFirst(files, (f) => f.id.split('/')[1] ?? '', ['two.ts']).map((f) => f.id)).toEqual([
      'x/two.ts',
      'x/one.ts',
    ]);
  });
});
