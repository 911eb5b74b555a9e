/**
 * The job queue: pg-boss over the server's own database, so scheduled work is stored with the
 * data it changes. A job runs once however many instances run (each is claimed by one worker with
 * SKIP LOCKED; a schedule's time is sent once), survives a restart (jobs are rows), and a failed
 * run is retried. On PostgreSQL pg-boss keeps a small pool of its own; on embedded PGlite it
 * shares the server's one connection through pg-boss's PGlite adapter.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { fromPglite, type JobWithMetadata, PgBoss, type SendOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { attachJobSender } from '../services/automations/nudge.ts';
import type { ServiceContext } from '../services/context.ts';
import {
  JOB_DEFINITIONS,
  type JobDefinition,
  type JobName,
  type JobPayloads,
  SCHEDULE_TIME_ZONE,
} from './definitions.ts';

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs, in seconds (pg-boss's default: 2). */
  pollingIntervalSeconds?: number;
  /** How often the schedules are checked, in seconds (pg-boss's default: 30). */
  cronIntervalSeconds?: number;
}

export interface JobQueue {
  /** Queues a job now, or after `options.startAfter`; its id, or null when pg-boss declined it. */
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  /** Finishes the jobs in hand and stops taking new ones. */
  stop(): Promise<void>;
}

// Retries space out a failure that may be passing (a database restart); after these it stays failed.
const RETRY = { retryLimit: 5, retryDelay: 60, retryBackoff: true };

function bossFor(handle: DatabaseHandle, options: JobQueueOptions): PgBoss {
  const timings = {
    ...(options.cronIntervalSeconds
      ? {
          cronMonitorIntervalSeconds: options.cronIntervalSeconds,
          cronWorkerIntervalSeconds: options.cronIntervalSeconds,
        }
      : {}),
  };
  // Drizzle keeps the driver it was given as `$client`: the pg pool or the PGlite instance.
  const client = (handle.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (handle.kind === 'pglite') {
    return new PgBoss({ db: fromPglite(client as PGlite), backend: 'pglite', ...timings });
  }
  const { connectionString } = (client as pg.Pool).options;
  return new PgBoss({ connectionString, max: 3, backend: 'postgres', ...timings });
}

export async function startJobQueue(
  ctx: ServiceContext,
  handle: DatabaseHandle,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const boss = bossFor(handle, options);
  // pg-boss reports failures of its background work here; without a listener they would throw.
  boss.on('error', (err) => console.error('Job queue error:', err.message));
  await boss.start();
  for (const definition of Object.values(JOB_DEFINITIONS) as JobDefinition<JobName>[]) {
    await boss.createQueue(definition.name, {
      ...RETRY,
      ...(definition.policy ? { policy: definition.policy } : {}),
    });
    if (definition.cron) {
      // Missed while every instance was down: sent once when one comes back.
      await boss.schedule(definition.name, definition.cron, {}, { tz: SCHEDULE_TIME_ZONE, missed: 'once' });
    }
    await boss.work(
      definition.name,
      { includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async ([job]: JobWithMetadata<JobPayloads[JobName]>[]) => {
        if (!job) return;
        await definition.run(ctx, { data: job.data ?? {}, createdOn: job.createdOn });
      },
    );
  }
  // Services ask for automation and webhook jobs once their write has committed.
  attachJobSender(ctx.config, (name, data, startAfter) => boss.send(name, data, { startAfter }));
  return {
    send: (name, data, sendOptions) => boss.send(name, data, sendOptions ?? {}),
    stop: () => {
      attachJobSender(ctx.config, undefined);
      return boss.stop({ graceful: true });
    },
  };
}
