import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/e2e/slowFirstSequencer.ts';

/** Browser tests: one built app served by a real server on embedded PGlite with the demo org. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    reporters: ['default', './tests/support/slowestFiles.ts'],
    globalSetup: ['tests/e2e/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files run two at a time by default, each worker with its own server and demo org
    // (tests/e2e/globalSetup.ts); E2E_WORKERS=1 runs them one by one.
    fileParallelism: true,
    // A worker keeps its loaded modules (playwright-core, the helpers) from file to file; every
    // file launches its own browser and keeps its state in its own hooks.
    isolate: false,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    sequence: { sequencer: SlowFirstSequencer },
    // A screen's answer is waited for as long as a person would on a busy machine: the default
    // one second of `expect.poll` fails on a loaded CI box though the app does answer.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
