/**
 * Opens the one database the server uses: PostgreSQL when a URL is given, otherwise embedded PGlite
 * in a folder on disk. Both speak the same SQL and run the same migrations.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as one file, to open copies of it with `snapshot`. */
  dump?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; unset for embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number | undefined;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty one. */
  snapshot?: Blob | undefined;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant: serialises migrations when several server instances start at once.
const MIGRATION_LOCK_KEY = 727_1001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPglite(options.dataDir ?? './data', options.snapshot);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // UTC sessions: time stamps come back as '…+00', which the schema turns into ISO strings cheaply.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c TimeZone=UTC' });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        // On the connection holding the lock: a pool of one connection would wait for a second.
        await migratePg(drizzlePg(lock, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        lock.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, snapshot ? { loadDataDir: snapshot } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/** Rows of a raw SQL query, for hot paths where the ORM's per-row mapping costs too much. */
export async function selectRows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

const dialect = new PgDialect();
/** Distinct statements a process prepares at most (each connection keeps those it ran). */
const PREPARED_MAX = 200;
const prepared = new Set<string>();

/**
 * `selectRows` for a large statement run on every request whose text depends only on the
 * caller's kind (its values are parameters): on PostgreSQL it runs as a named prepared statement,
 * so each connection plans it once rather than on every call (the pull's first statement, a union
 * over every table the caller syncs, took longer to plan than to run). Elsewhere, or past
 * PREPARED_MAX distinct texts, it runs as `selectRows` does. Its values come back as the driver
 * reads them (numbers and text, not the ORM's time stamps).
 */
export async function selectPreparedRows(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return selectRows(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
  if (!prepared.has(name)) {
    if (prepared.size >= PREPARED_MAX) return selectRows(db, query);
    prepared.add(name);
  }
  return (await pool.query({ name, text, values: params })).rows;
}

/** A cheap round trip, for the health check. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** For command-line tools: the database the server is configured for, migrated, for `work` only. */
export async function withConfiguredDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? './data',
  });
  try {
    await handle.migrate();
    return await work(handle);
  } finally {
    await handle.close();
  }
}
