/**
 * Once per unit run, migrated databases for the test files to copy instead of creating a cluster
 * or a database and migrating it (seconds each on a busy box): a PGlite data folder written to a
 * file, and with `TEST_DATABASE_URL` a PostgreSQL database to use as a template.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { createPostgresDatabase, type PostgresDatabase } from './postgresDatabase.ts';

let folder: string | undefined;
let template: PostgresDatabase | undefined;

async function migratedPglite(project: TestProject): Promise<void> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await handle.migrate();
    const dump = await handle.dump?.();
    if (!dump) return;
    folder = mkdtempSync(join(tmpdir(), 'hs-pglite-'));
    const file = join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
  } finally {
    await handle.close();
  }
}

/** Closed once migrated: PostgreSQL copies a template only while nobody is connected to it. */
async function migratedPostgres(project: TestProject, adminUrl: string): Promise<void> {
  template = await createPostgresDatabase(adminUrl, 'hs_template');
  const handle = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide('postgresTemplate', template.name);
}

export async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  await Promise.all([migratedPglite(project), adminUrl ? migratedPostgres(project, adminUrl) : undefined]);
}

export async function teardown() {
  if (folder) rmSync(folder, { recursive: true, force: true });
  await template?.drop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder as a file; absent when the set-up did not run. */
    pgliteSnapshot?: string;
    /** A migrated PostgreSQL database to copy (TEST_DATABASE_URL's server); absent without one. */
    postgresTemplate?: string;
  }
}
