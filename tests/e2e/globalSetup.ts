/**
 * Starts the real servers (built app, fresh PGlite folder, demo data) for the browser tests: one
 * per worker, so files running side by side never share an org (tests/e2e/server.ts picks).
 * `E2E_STATIC_DIR` serves another build folder (`vite build --outDir …`) than `dist`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../server/config.ts';
import { type RunningServer, startServer } from '../../server/main.ts';

const servers: RunningServer[] = [];
const dataDirs: string[] = [];

async function startOne(): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hs-e2e-'));
  dataDirs.push(dataDir);
  const config = readConfig({
    NODE_ENV: 'test',
    PORT: '0',
    // The tests' webhook receivers and OAuth provider listen on 127.0.0.1.
    OUTBOUND_ALLOW_PRIVATE: '1',
    DATA_DIR: dataDir,
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? './dist',
  });
  const server = await startServer(config);
  servers.push(server);
  return server;
}

export async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers);
  // One after the other: each seeds its demo org, and a quiet start keeps the seeding quick.
  const urls: string[] = [];
  for (let i = 0; i < workers; i++) urls.push((await startOne()).url);
  project.provide('baseUrls', urls);
}

export async function teardown() {
  for (const server of servers) await server.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, in worker order. */
    baseUrls: string[];
  }
}
