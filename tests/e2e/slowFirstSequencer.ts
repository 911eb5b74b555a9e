import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { longestFirst } from '#tests/support/longestFirst.ts';

/**
 * Browser files, longest first (tests/support/longestFirst.ts), in the order of their times on a
 * clean clone of this machine: the accessibility walks visit every screen, light and dark; the map
 * suites draw in software WebGL. Vitest's own order without timings goes by file size, which says
 * little here (the walks keep their steps in a shared module).
 */
const LONGEST = [
  'accessibility',
  'accessibilityRep',
  'offlineArea',
  'mapKnock',
  'streetBaseMap',
  'surveys',
  'shell',
  'tables',
  'offlineJourney',
  'proposals',
  'adminSettings',
];

const nameOf = (spec: TestSpecification) => /([^/\\]+)\.e2e\.test\.ts$/.exec(spec.moduleId)?.[1] ?? '';

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return longestFirst(await super.sort(files), nameOf, LONGEST);
  }
}
