import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { environmentsTogether, longestFirst, requestedEnvironment } from './longestFirst.ts';

/**
 * Unit and contract files, longest first (longestFirst.ts), in the order of their times on a clean
 * clone of this machine: the sync convergence property, the route fuzz on both databases and the
 * job, sign-in and multi-instance suites.
 */
const LONGEST = [
  'tests/integration/syncConvergence.test.ts',
  'tests/integration/fuzz.contract.test.ts',
  'tests/integration/jobs.contract.test.ts',
  'tests/integration/automationsMultiInstance.test.ts',
  'tests/integration/auth.contract.test.ts',
  'tests/integration/syncEngine.test.ts',
  'tests/integration/multiInstance.test.ts',
  'tests/integration/webhooks.contract.test.ts',
  'tests/integration/sync.contract.test.ts',
];

const nameOf = (spec: TestSpecification) =>
  relative(spec.project.config.root, spec.moduleId).split(sep).join('/');

const environmentOf = (spec: TestSpecification) =>
  requestedEnvironment(readFileSync(spec.moduleId, 'utf8')) ?? spec.project.config.environment;

/**
 * The longest files first; then the screen tests (jsdom) one after the other, so each worker
 * changes environment twice rather than at almost every screen test; then the other node files,
 * most of them short, to even out the end.
 */
export default class UnitSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = longestFirst(await super.sort(files), nameOf, LONGEST);
    const lead = ordered.filter((spec) => LONGEST.includes(nameOf(spec))).length;
    return environmentsTogether(ordered, environmentOf, 'node', lead);
  }
}
