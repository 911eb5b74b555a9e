/**
 * Starts the real server (built app, fresh PGlite folder, demo data) for the browser tests.
 * `E2E_STATIC_DIR` serves another build folder (`vite build --outDir …`) than `dist`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../server/config.ts';
import { type RunningServer, startServer } from '../../server/main.ts';

let server: RunningServer | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'hs-e2e-'));
  const config = readConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? './dist',
  });
  server = await startServer(config);
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
