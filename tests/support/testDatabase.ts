/**
 * Databases for integration tests: embedded PGlite always, and PostgreSQL when TEST_DATABASE_URL
 * is set. Each test file gets its own freshly migrated database, dropped afterwards (PGlite ones
 * are copies of one migrated in the run's set-up).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/client.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  handle: DatabaseHandle;
  /** Connection string of the PostgreSQL database (postgres only), for other processes. */
  url?: string;
  dispose(): Promise<void>;
}

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The database kinds this run covers; says plainly when PostgreSQL is skipped. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  if (process.env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (!warned) {
    warned = true;
    console.warn('PostgreSQL suites skipped: TEST_DATABASE_URL is not set (PGlite suites run).');
  }
  return ['pglite'];
}
let warned = false;

/** The run's migrated PGlite folder (tests/support/unitGlobalSetup.ts), when there is one. */
async function migratedSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([await readFile(file)]) : undefined;
}

export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://', snapshot: await migratedSnapshot() });
    // Applies only what the snapshot lacks: none in a run, all without one.
    await handle.migrate();
    return { name: 'pglite', handle, dispose: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const dbName = `hs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  await handle.migrate();
  return {
    name: 'postgres',
    handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
