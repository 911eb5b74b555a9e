/**
 * An app server for browser tests (the built app, the demo org seeded small): a process of its own
 * on a fresh PostgreSQL database when `TEST_DATABASE_URL` is set (CI), so it runs on other cores
 * than the test runner's and on the production database; else in this process on a fresh PGlite
 * folder. `stop` shuts it down and removes its database and data folder. For the per-worker
 * servers (globalSetup.ts) and a suite that needs a server set up differently (oidcSignIn).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '#server/config.ts';
import { startServer } from '#server/main.ts';
import { createPostgresDatabase } from '../support/postgresDatabase.ts';
import { startServerProcess, stopServerProcesses } from '../support/serverProcess.ts';
import { e2eServerEnv } from './serverEnv.ts';

export interface SuiteServer {
  url: string;
  stop(): Promise<void>;
}

export async function startSuiteServer(extra: Record<string, string> = {}): Promise<SuiteServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hs-e2e-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const server = await startServer(readConfig(e2eServerEnv(dataDir, extra)));
    return {
      url: server.url,
      async stop() {
        await server.close();
        removeDataDir();
      },
    };
  }
  const database = await createPostgresDatabase(adminUrl, 'hs_e2e');
  const server = await startServerProcess(database.url, { ...e2eServerEnv(dataDir, extra), SEED_DEMO: '1' });
  return {
    url: server.url,
    async stop() {
      await stopServerProcesses([server.proc]);
      await database.drop();
      removeDataDir();
    },
  };
}
