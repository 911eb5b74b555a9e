import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files a run lists at its end. */
export const SLOWEST_SHOWN = 20;

export interface FileTime {
  file: string;
  /** Wall time of the file: set-up, import and its tests and hooks, in milliseconds. */
  ms: number;
}

/** The slowest files first, at most `count` of them. */
export function slowestFiles(times: readonly FileTime[], count = SLOWEST_SHOWN): FileTime[] {
  return [...times].sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file)).slice(0, count);
}

/** The table a run prints: rank, seconds with one decimal, file. */
export function formatSlowest(times: readonly FileTime[]): string {
  const lines = times.map(
    (time, index) =>
      `${String(index + 1).padStart(3)}. ${(time.ms / 1000).toFixed(1).padStart(7)} s  ${time.file}`,
  );
  return [`Slowest ${times.length} test files:`, ...lines].join('\n');
}

function fileTime(module: TestModule): FileTime {
  const d = module.diagnostic();
  return {
    file: module.relativeModuleId,
    ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
  };
}

/** A reporter that lists the slowest test files after the default report. */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length === 0) return;
    console.log(`\n${formatSlowest(slowestFiles(modules.map(fileTime)))}\n`);
  }
}
