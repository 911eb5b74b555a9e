import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureGraph, findCycle, importedFeature, importSpecifiers } from './featureGraph.ts';

const edges = (pairs: Record<string, string[]>) =>
  new Map(Object.entries(pairs).map(([from, to]) => [from, new Set(to)]));

describe('feature graph', () => {
  it.each([
    { source: "import { a } from './a.ts';", expected: ['./a.ts'] },
    { source: "import type { A } from '../map/index.ts';", expected: ['../map/index.ts'] },
    { source: "export { b, type C } from './b.ts';", expected: ['./b.ts'] },
    { source: "export * from '../x/index.ts';", expected: ['../x/index.ts'] },
    { source: "import {\n  a,\n  b,\n} from '../y/index.ts';", expected: ['../y/index.ts'] },
    { source: "const Page = lazy(() => import('../z/ZPage.tsx'));", expected: ['../z/ZPage.tsx'] },
    { source: "import './styles.css';", expected: ['./styles.css'] },
    {
      source: "const VIEWS = import.meta.glob<{ default: ComponentType<P> }>('../views/*View.tsx');",
      expected: ['../views/*View.tsx'],
    },
    { source: "import React, { useState } from 'react';", expected: ['react'] },
    { source: 'const text = "no import here";', expected: [] },
  ])('reads the modules $source names', ({ source, expected }) => {
    expect(importSpecifiers(source)).toEqual(expected);
  });

  it.each([
    { from: 'src/features/leads/LeadsPage.tsx', spec: '../surveys/index.ts', expected: 'surveys' },
    { from: 'src/features/leads/components/A.tsx', spec: '../../map/index.ts', expected: 'map' },
    { from: 'src/features/leads/components/A.tsx', spec: '../hooks/useLead.ts', expected: 'leads' },
    { from: 'src/features/leads/LeadsPage.tsx', spec: '../../ui/ConfirmDialog.tsx', expected: undefined },
    { from: 'src/features/leads/LeadsPage.tsx', spec: '@mantine/core', expected: undefined },
    { from: 'src/features/leads/components/A.tsx', spec: '#src/features/map/index.ts', expected: 'map' },
    { from: 'src/features/leads/LeadsPage.tsx', spec: '#src/ui/ConfirmDialog.tsx', expected: undefined },
    { from: 'src/features/leads/LeadsPage.tsx', spec: '#server/config.ts', expected: undefined },
    {
      from: 'src/features/tables/viewComponents.ts',
      spec: '../tableViews/*View.tsx',
      expected: 'tableViews',
    },
  ])('$from importing $spec lands in $expected', ({ from, spec, expected }) => {
    expect(importedFeature(from, spec)).toBe(expected);
  });

  it('builds the folder graph from the files, without a feature pointing at itself', () => {
    const graph = featureGraph([
      {
        path: 'src/features/a/APage.tsx',
        source: "import { x } from './x.ts';\nimport { b } from '../b/index.ts';",
      },
      { path: 'src/features/b/index.ts', source: "export { b } from './b.ts';" },
      { path: 'src/features/c/hooks/useC.ts', source: "import { a } from '../../a/index.ts';" },
    ]);
    expect(graph).toEqual(edges({ a: ['b'], b: [], c: ['a'] }));
  });

  it.each<{ graph: Record<string, string[]>; expected: string[] | undefined }>([
    { graph: {}, expected: undefined },
    { graph: { a: ['b'], b: ['c'], c: [] }, expected: undefined },
    { graph: { a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }, expected: undefined },
    { graph: { a: ['b'], b: ['a'] }, expected: ['a', 'b', 'a'] },
    { graph: { a: ['b'], b: ['c'], c: ['b'] }, expected: ['b', 'c', 'b'] },
    { graph: { x: ['y'], y: ['z'], z: ['x'], a: [] }, expected: ['x', 'y', 'z', 'x'] },
  ])('finds the cycle of $graph', ({ graph, expected }) => {
    expect(findCycle(edges(graph))).toEqual(expected);
  });
});

describe('the feature folders', () => {
  const root = 'src/features';
  const features = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  const sourceFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(entry.name) ? [path] : [];
    });

  it('import one another without a cycle', () => {
    const files = features
      .flatMap((feature) => sourceFiles(`${root}/${feature}`))
      .map((path) => ({ path, source: readFileSync(path, 'utf8') }));
    const cycle = findCycle(featureGraph(files));
    expect(cycle, `feature folders import each other: ${cycle?.join(' → ')}`).toBeUndefined();
  });

  it('each open to the others through an index.ts', () => {
    expect(features.filter((feature) => !existsSync(join(root, feature, 'index.ts')))).toEqual([]);
  });
});
