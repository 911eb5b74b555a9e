/**
 * Starts the real servers (built app, demo data) for the browser tests: one per worker, so files
 * running side by side never share an org (tests/e2e/server.ts picks).
 *
 * With `TEST_DATABASE_URL` set (CI), each server is a process of its own on a fresh PostgreSQL
 * database, so the servers use other cores than the test runner's; without it, each runs in this
 * process on a fresh PGlite folder (suiteServer.ts). Either way the demo org is seeded small
 * (`E2E_SEED_CONTACTS`, 400 unless set): the browser tests need the demo's people and a few hundred
 * leads, not 5,000, and every sign-in syncs them. `E2E_STATIC_DIR` serves another build folder
 * (`vite build --outDir …`) than `dist`.
 */
import type { TestProject } from 'vitest/node';
import { type SuiteServer, startSuiteServer } from './suiteServer.ts';

const servers: SuiteServer[] = [];

/** The tests' webhook receivers and OAuth provider listen on 127.0.0.1. */
async function start(): Promise<string> {
  const server = await startSuiteServer({ OUTBOUND_ALLOW_PRIVATE: '1' });
  servers.push(server);
  return server.url;
}

export async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers);
  // Separate processes seed side by side; in this process one after the other keeps each quick.
  const urls = process.env.TEST_DATABASE_URL
    ? await Promise.all(Array.from({ length: workers }, start))
    : await Array.from({ length: workers }).reduce<Promise<string[]>>(
        async (done) => [...(await done), await start()],
        Promise.resolve([]),
      );
  project.provide('baseUrls', urls);
}

export async function teardown() {
  for (const server of servers.reverse()) await server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, in worker order. */
    baseUrls: string[];
  }
}
