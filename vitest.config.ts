import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import UnitSequencer from './tests/support/unitSequencer.ts';

const TEST_FILES = [
  'src/**/*.test.ts',
  'src/**/*.test.tsx',
  'server/**/*.test.ts',
  'tests/integration/**/*.test.ts',
  'tests/support/**/*.test.ts',
  'tests/bench/**/*.test.ts',
  'scripts/**/*.test.ts',
];

/**
 * Test files that replace a module (`vi.mock`, `vi.doMock`) get modules of their own. The others
 * share each worker's loaded modules (`isolate: false`): loading the app's or the server's modules
 * once per worker instead of once per file halves the run's CPU time. They still get fresh mocks,
 * stubs and globals per file (vitest resets them), and must leave no state of their own behind.
 */
const REPLACES_MODULES = /\bvi\.(?:mock|doMock)\(/;
const ISOLATED = globSync(TEST_FILES).filter((file) => REPLACES_MODULES.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    environment: 'node',
    reporters: ['default', './tests/support/slowestFiles.ts'],
    // Each file gets an empty IndexedDB of its own; screen tests wait up to five seconds for what
    // they look for; a test fails when the interface asked for a message the catalogue lacks.
    setupFiles: [
      'tests/support/freshIndexedDb.ts',
      'tests/support/domTesting.ts',
      'src/app/locales/failOnMissingMessages.ts',
    ],
    globalSetup: ['tests/support/unitGlobalSetup.ts'],
    // The suites mostly wait on databases, job queues and timers: two files per core keep the
    // cores busy (4 at most, for PostgreSQL's connection limit: each file opens its own pool).
    maxWorkers: Math.min(4, availableParallelism() * 2),
    // The longest files start first, also on a clean checkout with no timings of earlier runs; the
    // screen tests (jsdom) then run one after another, as a worker keeps its modules only while the
    // environment stays the same.
    sequence: { sequencer: UnitSequencer },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'shared', include: TEST_FILES, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
