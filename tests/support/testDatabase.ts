/**
 * Databases for integration tests: embedded PGlite always, and PostgreSQL when TEST_DATABASE_URL
 * is set. Each test file gets its own freshly migrated database, dropped afterwards: a copy of one
 * migrated in the run's set-up (tests/support/unitGlobalSetup.ts), or migrated itself without one.
 */
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { createPostgresDatabase } from './postgresDatabase.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  handle: DatabaseHandle;
  /** Connection string of the PostgreSQL database (postgres only), for other processes. */
  url?: string;
  dispose(): Promise<void>;
}

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * The database kinds a contract file runs on. With PostgreSQL (`TEST_DATABASE_URL`, as in CI) every
 * file runs on it, and on PGlite too only when it proves what PGlite does differently (`'both'`:
 * its job queue adapter, its in-process notifications, one connection's transactions and
 * savepoints, bytes, database error shapes) or when `TEST_PGLITE=all` asks for every file on both.
 * Without PostgreSQL every file runs on PGlite, and this says plainly that PostgreSQL is skipped.
 */
export function testDatabaseKinds(cover: 'postgres' | 'both' = 'postgres'): TestDatabaseKind[] {
  if (process.env.TEST_DATABASE_URL)
    return cover === 'both' || process.env.TEST_PGLITE === 'all' ? ['pglite', 'postgres'] : ['postgres'];
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
  const database = await createPostgresDatabase(adminUrl, 'hs_test', inject('postgresTemplate'));
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: 10 });
  // Applies only what the template lacks: none in a run, all without one.
  await handle.migrate();
  return {
    name: 'postgres',
    handle,
    url: database.url,
    async dispose() {
      await handle.close();
      await database.drop();
    },
  };
}
