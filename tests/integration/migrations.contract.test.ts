/** Migrating a PostgreSQL database: under the migration lock, from any pool size, by several instances at once. */
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '#server/db/client.ts';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgresDatabase.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.warn('PostgreSQL migration tests skipped: TEST_DATABASE_URL is not set.');
const MIGRATIONS = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).length;

/** How many migrations the database records as applied, and whether the users table is there. */
async function applied(url: string): Promise<{ migrations: number; users: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    const users = await client.query("SELECT to_regclass('public.users') IS NOT NULL AS there");
    return { migrations: rows.rows[0].n, users: users.rows[0].there };
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('migrations on PostgreSQL', () => {
  let database: PostgresDatabase | undefined;
  afterEach(() => database?.drop());

  it('migrate an empty database through a pool of one connection (the one holding the lock)', async () => {
    database = await createPostgresDatabase(adminUrl as string, 'hs_migrate');
    const handle = await openDatabase({ databaseUrl: database.url, poolSize: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    expect(await applied(database.url)).toEqual({ migrations: MIGRATIONS, users: true });
  });

  it('apply each migration once when three instances start on one empty database at once', async () => {
    database = await createPostgresDatabase(adminUrl as string, 'hs_migrate');
    const url = database.url;
    const handles = await Promise.all(
      [1, 2, 3].map((poolSize) => openDatabase({ databaseUrl: url, poolSize })),
    );
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
    expect(await applied(url)).toEqual({ migrations: MIGRATIONS, users: true });
  });
});
