import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'server/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/support/**/*.test.ts',
    ],
    environment: 'node',
    reporters: ['default', './tests/support/slowestFiles.ts'],
    // A test fails when the interface asked for a message the catalogue lacks.
    setupFiles: ['src/app/locales/failOnMissingMessages.ts'],
    globalSetup: ['tests/support/unitGlobalSetup.ts'],
    // The suites mostly wait on databases, job queues and timers: two files per core keep the
    // cores busy (4 at most, for PostgreSQL's connection limit: each file opens its own pool).
    maxWorkers: Math.min(4, availableParallelism() * 2),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
