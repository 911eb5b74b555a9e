/** Which of the run's servers this test file talks to (tests/e2e/globalSetup.ts starts one per worker). */
import { inject } from 'vitest';

/**
 * The base URL of this worker's own server: files running side by side each work in their own
 * demo org, so they never see each other's changes.
 */
export function e2eBaseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(Math.max(1, worker) - 1) % urls.length];
  if (!url) throw new Error('No server was started for the browser tests');
  return url;
}
