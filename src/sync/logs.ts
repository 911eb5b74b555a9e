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

/** The app session a device is in: its id and when it started (kept in a cookie for a day). */
export interface AppSession {
  id: string;
  start_time: string;
}

/**
 * Registers the app session on the device (once: a session reused from its cookie that is already
 * recorded is left as it is) and the browser's fingerprint the first time it is seen.
 */
export async function startSession(
  db: CrmDatabase,
  fingerprint: string,
  device: string,
  browser: string,
  session: AppSession = { id: uuidv7(), start_time: now() },
): Promise<string> {
  await db.transaction('rw', db.app_sessions, db.fingerprints, async () => {
    if (!(await db.app_sessions.get(session.id))) {
      await db.app_sessions.add({ ...session, synced: 0, fingerprint, end_time: null });
    }
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
  return session.id;
}

/**
 * Moves the session's end time to now and queues it to be sent again (the server keeps the
 * latest end). A session whose record was pruned after syncing is recorded again from its cookie.
 */
export async function touchSession(db: CrmDatabase, session: AppSession): Promise<void> {
  await db.transaction('rw', db.app_sessions, async () => {
    const row = await db.app_sessions.get(session.id);
    await db.app_sessions.put({ fingerprint: null, ...row, ...session, end_time: now(), synced: 0 });
  });
}

/** The session each open database is recording in, for logs written outside React (the engine). */
const currentSessions = new WeakMap<CrmDatabase, string>();

export function setCurrentSession(db: CrmDatabase, sessionId: string): void {
  currentSessions.set(db, sessionId);
}

export function currentSession(db: CrmDatabase): string | null {
  return currentSessions.get(db) ?? null;
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

/** An error log record: the error's name and message (or the value as given) and its code. */
export function errorRecord(event: string, error: unknown, sessionId?: string | null): LogRecord {
  const log = error instanceof Error ? { name: error.name, message: error.message.slice(0, 2000) } : error;
  const code = (error as { code?: unknown } | null)?.code;
  // Within what the server's log stream accepts, so one long message never holds up the batch.
  return {
    id: uuidv7(),
    synced: 0,
    event: event.slice(0, 200),
    code: code === undefined || code === null ? null : String(code).slice(0, 100),
    log,
    session_id: sessionId ?? null,
  };
}

export async function recordError(
  db: CrmDatabase,
  event: string,
  error: unknown,
  sessionId?: string | null,
): Promise<void> {
  await db.error_logs.add(errorRecord(event, error, sessionId));
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
    // A session touched again while the batch was on its way stays queued with its newer end.
    const sentEnd = new Map(batch.sessions.map((s) => [s.id, s.end_time ?? null]));
    await db.app_sessions
      .where('id')
      .anyOf([...sentEnd.keys()])
      .filter((s) => (s.end_time ?? null) === sentEnd.get(s.id))
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
