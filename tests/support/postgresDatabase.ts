/** PostgreSQL databases for tests and benchmarks, made and dropped on a server they may create databases on. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PostgresDatabase {
  name: string;
  /** Its connection string. */
  url: string;
  /** Drops it, ending whatever is still connected to it. */
  drop(): Promise<void>;
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh PostgreSQL database on the server of `adminUrl`, named `prefix` and a random suffix:
 * empty, or a copy of `template` (a database nobody is connected to, such as the one a test run
 * migrates once: copying it is quicker than migrating a new one).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(
    adminUrl,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
