import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The accessibility walks visit every screen, light and dark, and take several minutes each:
 * started first they run alongside the rest instead of last with one worker idle. Vitest's own
 * order (larger files first when it has no timings) would start them last, as their steps live in
 * a shared module.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const walk = (spec: TestSpecification) => /[/\\]accessibility[^/\\]*\.e2e\.test\.ts$/.test(spec.moduleId);
    return [...sorted.filter(walk), ...sorted.filter((spec) => !walk(spec))];
  }
}
