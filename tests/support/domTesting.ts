/**
 * Unit test set-up (vitest.config.ts `setupFiles`): how long a screen test waits for what it looks
 * for (`findBy…`, `waitFor`). The suite runs two files per core, and on a loaded machine a screen
 * can take more than the library's default second to show a dialog or a toast; five seconds still
 * fails a test whose element never comes, long before the test's own time limit.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
