import { describe, expect, it } from 'vitest';
import { environmentsTogether, longestFirst, requestedEnvironment } from './longestFirst.ts';

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

/** Spelled in two parts, so vitest does not read this file as asking for an environment itself. */
const ASKS = ['@vitest', 'environment'].join('-');

describe('the environment a file asks for', () => {
  it.each([
    { source: `// ${ASKS} jsdom\nimport x;`, expected: 'jsdom' },
    { source: `//   ${ASKS}   happy-dom  \n`, expected: 'happy-dom' },
    { source: `// ${ASKS} jsdom`, expected: 'jsdom' },
    { source: `/**\n * A screen.\n * ${ASKS} jsdom\n */\n`, expected: 'jsdom' },
    { source: '/** @jest-' + 'environment node */', expected: 'node' },
    { source: `// ${ASKS}\n`, expected: undefined },
    { source: '/** A rule. */\n', expected: undefined },
    { source: '', expected: undefined },
  ])('reads $expected from $source', ({ source, expected }) => {
    expect(requestedEnvironment(source)).toBe(expected);
  });
});

describe('files of one environment together', () => {
  const env = (file: string) => (file.startsWith('d') ? 'jsdom' : file.startsWith('h') ? 'happy' : 'node');
  it.each([
    { files: ['n1', 'd1', 'n2', 'd2', 'n3'], lead: 0, expected: ['d1', 'd2', 'n1', 'n2', 'n3'] },
    { files: ['n1', 'n2', 'd1', 'n3', 'd2'], lead: 2, expected: ['n1', 'n2', 'd1', 'd2', 'n3'] },
    { files: ['n1', 'd1', 'h1', 'd2', 'n2', 'h2'], lead: 1, expected: ['n1', 'd1', 'd2', 'h1', 'h2', 'n2'] },
    { files: ['d1', 'n1', 'd2'], lead: 1, expected: ['d1', 'd2', 'n1'] },
    { files: ['n1', 'n2'], lead: 0, expected: ['n1', 'n2'] },
    { files: [], lead: 0, expected: [] },
  ])('orders $files with $lead first as $expected', ({ files, lead, expected }) => {
    expect(environmentsTogether(files, env, 'node', lead)).toEqual(expected);
  });

  it('changes environment at most once between groups after the lead', () => {
    const files = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? `d${i}` : `n${i}`));
    const ordered = environmentsTogether(files, env, 'node', 0);
    const changes = ordered.slice(1).filter((file, i) => env(file) !== env(ordered[i] as string)).length;
    expect(changes).toBe(1);
    expect([...ordered].sort()).toEqual([...files].sort());
  });
});
