/**
 * Starts the real servers (built app, demo data) for the browser tests: one per worker, so files
 * running side by side never share an org (tests/e2e/server.ts picks).
 *
 * With `TEST_DATABASE_URL` set (CI), each server is a process of its own on a fresh PostgreSQL
 * database, so the servers use other cores than the test runner's; without it, each runs in this
 * process on a fresh PGlite folder. Either way the demo org is seeded small (`E2E_SEED_CONTACTS`,
 * 400 unless set): the browser tests need the demo's people and a few hundred leads, not 5,000, and
 * every sign-in syncs them. `E2E_STATIC_DIR` serves another build folder (`vite build --outDir …`)
 * than `dist`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { readConfig } from '#server/config.ts';
import { startServer } from '#server/main.ts';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../support/serverProcess.ts';
import { e2eServerEnv } from './serverEnv.ts';

const stops: (() => Promise<void>)[] = [];

function serverEnv(dataDir: string): Record<string, string> {
  // The tests' webhook receivers and OAuth provider listen on 127.0.0.1.
  return e2eServerEnv(dataDir, { OUTBOUND_ALLOW_PRIVATE: '1' });
}

/** A server in this process on embedded PGlite. */
async function startInProcess(dataDir: string): Promise<string> {
  const server = await startServer(readConfig(serverEnv(dataDir)));
  stops.push(() => server.close());
  return server.url;
}

/** A server process of its own on a fresh PostgreSQL database, dropped at the end. */
async function startOnPostgres(adminUrl: string, dataDir: string): Promise<string> {
  const name = `hs_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server: ServerProcess = await startServerProcess(url.toString(), {
    ...serverEnv(dataDir),
    SEED_DEMO: '1',
  });
  stops.push(async () => {
    await stopServerProcesses([server.proc]);
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  return server.url;
}

export async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const start = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hs-e2e-'));
    stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    return adminUrl ? startOnPostgres(adminUrl, dataDir) : startInProcess(dataDir);
  };
  // Separate processes seed side by side; in this process one after the other keeps each quick.
  const urls = adminUrl
    ? await Promise.all(Array.from({ length: workers }, start))
    : await Array.from({ length: workers }).reduce<Promise<string[]>>(
        async (done) => [...(await done), await start()],
        Promise.resolve([]),
      );
  project.provide('baseUrls', urls);
}

export async function teardown() {
  for (const stop of stops.reverse()) await stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker, in worker order. */
    baseUrls: string[];
  }
}
