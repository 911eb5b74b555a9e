/** Starts the server: settings, database, migrations, first-run demo data, then HTTP. */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { ConfigError, readConfig, type ServerConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { isSeeded, seedDemo } from './db/seed/seedDemo.ts';
import { createApp } from './http/app.ts';
import { type JobQueue, startJobQueue } from './jobs/queue.ts';
import type { ServiceContext } from './services/context.ts';
import { liveHub } from './services/liveUpdates.ts';
import { secretBoxOf } from './services/secretBox.ts';
import { dropDeadLeases } from './services/versions.ts';

export interface RunningServer {
  url: string;
  port: number;
  handle: DatabaseHandle;
  /** The scheduled-work queue; undefined with JOBS=off. */
  jobs: JobQueue | undefined;
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, handle?: DatabaseHandle): Promise<RunningServer> {
  // The secrets key is read (or made) first: a key that cannot be used stops the start.
  secretBoxOf(config);
  const db = handle ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await db.migrate();
  if (config.seedDemo && !(await isSeeded(db.db))) {
    const started = Date.now();
    await seedDemo(db.db, { contacts: config.seedContacts });
    console.log(`Seeded the demo org in ${Date.now() - started} ms.`);
  }
  if (db.kind === 'pglite') {
    // Embedded PostgreSQL has no autovacuum daemon: refresh planner statistics on every start.
    await db.db.execute(sql`ANALYZE`);
  } else {
    const dropped = await dropDeadLeases(db.db);
    if (dropped) console.log(`Dropped ${dropped} version leases of connections that are gone.`);
  }
  const ctx: ServiceContext = { db: db.db, config, now: () => new Date() };
  const app = createApp(ctx);
  const jobs = config.jobs ? await startJobQueue(ctx, db) : undefined;
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: '0.0.0.0' }, () => resolve(s));
  });
  // An idle kept-alive connection stays open longer than a client or load balancer keeps it
  // (undici 4 s, nginx 60 s, cloud balancers 60 s), so a request sent on it never meets a socket
  // this end has just closed. Node's own 5 s lost that race under load.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    handle: db,
    jobs,
    async close() {
      // Open event streams would otherwise hold the server open: they end, and devices reconnect.
      liveHub(db.db).endAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Jobs in hand finish before the database they write to closes.
      await jobs?.stop();
      if (!handle) await db.close();
    },
  };
}

async function main() {
  let config: ServerConfig;
  try {
    config = readConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const server = await startServer(config);
  const store = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Home Service CRM (${config.mode}) on ${server.url} — database: ${store}`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
