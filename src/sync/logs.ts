/**
 * Device logs (SPEC: sessions, events, error logs, fingerprints). Invariant: recorded locally first
 * with a client id, sent in batches, marked synced only after the server took them; a resend is
 * harmless because the server inserts each id once.
 */
import { v7 as uuidv7 } from 'uuid';
import type { CrmDatabase, LogRecord } from '../db/database.ts';
import type { LogsPush } from '../domain/schemas/sync.ts';
import { LOG_BATCH_MAX } from '../domain/syncProtocol.ts';

const now = () => new Date().toISOString();

export async function startSession(
  db: CrmDatabase,
  fingerprint: string,
  device: string,
  browser: string,
): Promise<string> {
  const id = uuidv7();
  await db.transaction('rw', db.app_sessions, db.fingerprints, async () => {
    await db.app_sessions.add({ id, synced: 0, fingerprint, start_time: now() });
    if (
      !(await db.fingerprints
        .where('synced')
        .anyOf(0, 1)
        .filter((f) => f.fingerprint === fingerprint)
        .count())
    ) {
      await db.fingerprints.add({
        id: uuidv7(),
        synced: 0,
        fingerprint,
        device,
        browser,
        creation_date: now(),
      });
    }
  });
  return id;
}

export async function recordEvent(
  db: CrmDatabase,
  event: {
    session_id?: string | null;
    type: string;
    ref?: string | null;
    table?: string | null;
    value?: unknown;
  },
): Promise<void> {
  await db.events.add({ id: uuidv7(), synced: 0, timestamp: now(), ...event });
}

export async function recordError(
  db: CrmDatabase,
  event: string,
  error: unknown,
  sessionId?: string | null,
): Promise<void> {
  const log = error instanceof Error ? { name: error.name, message: error.message } : error;
  const code = (error as { code?: unknown } | null)?.code;
  await db.error_logs.add({
    id: uuidv7(),
    synced: 0,
    event,
    code: code === undefined ? null : String(code),
    log,
    session_id: sessionId ?? null,
  });
}

function strip(record: LogRecord): Record<string, unknown> {
  const { synced: _synced, ...rest } = record;
  return rest;
}

/** The next batch of unsynced logs, or undefined when there is nothing to send. */
export async function nextLogBatch(db: CrmDatabase, clientId: string): Promise<LogsPush | undefined> {
  const take = (table: 'app_sessions' | 'events' | 'error_logs' | 'fingerprints' | 'paths' | 'path_points') =>
    db.table<LogRecord, string>(table).where('synced').equals(0).limit(LOG_BATCH_MAX).toArray();
  const [sessions, events, errors, fingerprints, paths, points] = await Promise.all([
    take('app_sessions'),
    take('events'),
    take('error_logs'),
    take('fingerprints'),
    take('paths'),
    take('path_points'),
  ]);
  if (![sessions, events, errors, fingerprints, paths, points].some((list) => list.length)) return undefined;
  return {
    client_id: clientId,
    sessions: sessions.map(strip) as LogsPush['sessions'],
    events: events.map(strip) as LogsPush['events'],
    errors: errors.map(strip) as LogsPush['errors'],
    fingerprints: fingerprints.map(strip) as LogsPush['fingerprints'],
    paths: paths.map(strip) as LogsPush['paths'],
    path_points: points.map(strip) as LogsPush['path_points'],
  };
}

export async function markLogsSynced(db: CrmDatabase, batch: LogsPush): Promise<void> {
  const tables = [db.app_sessions, db.events, db.error_logs, db.fingerprints, db.paths, db.path_points];
  await db.transaction('rw', tables, async () => {
    await db.app_sessions
      .where('id')
      .anyOf(batch.sessions.map((s) => s.id))
      .modify({ synced: 1 });
    await db.events
      .where('id')
      .anyOf(batch.events.map((e) => e.id))
      .modify({ synced: 1 });
    await db.error_logs
      .where('id')
      .anyOf(batch.errors.map((e) => e.id))
      .modify({ synced: 1 });
    await db.fingerprints
      .where('id')
      .anyOf(batch.fingerprints.map((f) => f.id))
      .modify({ synced: 1 });
    await db.paths
      .where('id')
      .anyOf(batch.paths.map((p) => p.id))
      .modify({ synced: 1 });
    await db.path_points
      .where('id')
      .anyOf(batch.path_points.map((p) => p.id))
      .modify({ synced: 1 });
  });
}
