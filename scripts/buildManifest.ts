/**
 * Build step: gives each build an id, compiled into the app as `__BUILD_ID__` and written to
 * `/build-manifest.json`. The running app polls that file (src/app/buildManifest.ts): a different
 * id means a newer build is deployed, and the app offers the new version.
 */
import { randomUUID } from 'node:crypto';
import type { Plugin } from 'vite';

export const BUILD_MANIFEST_FILE = 'build-manifest.json';

export function buildManifest(): Plugin {
  // One id per build run (a dev server gets one too; it never polls).
  const buildId = process.env.BUILD_ID || `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`;
  return {
    name: 'hs-build-manifest',
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: BUILD_MANIFEST_FILE,
        source: `${JSON.stringify({ build_id: buildId, built_at: new Date().toISOString() })}\n`,
      });
    },
  };
}
