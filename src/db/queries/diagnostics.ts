/**
 * What the developer diagnostics pages show about this device: the database's tables and counts,
 * the outbox, and where sync stands. Read-only.
 */
import type { CrmDatabase, OutboxEntry, RejectedEntry } from '../database.ts';
import { getMeta, META } from '../meta.ts';

export interface DatabaseStatus {
  name: string;
  version: number;
  tables: { name: string; count: number }[];
}

export async function databaseStatus(db: CrmDatabase): Promise<DatabaseStatus> {
  const tables = await Promise.all(
    db.tables.map(async (table) => ({ name: table.name, count: await table.count() })),
  );
  tables.sort((a, b) => a.name.localeCompare(b.name));
  return { name: db.name, version: db.verno, tables };
}

export interface OutboxStatus {
  /** The oldest waiting changes first (at most `limit`). */
  pending: OutboxEntry[];
  pendingCount: number;
  rejected: RejectedEntry[];
}

export async function outboxStatus(db: CrmDatabase, limit = 50): Promise<OutboxStatus> {
  const [pending, pendingCount, rejected] = await Promise.all([
    db.outbox.orderBy('id').limit(limit).toArray(),
    db.outbox.count(),
    db.rejected.orderBy('id').toArray(),
  ]);
  return { pending, pendingCount, rejected };
}

const LOG_TABLES = ['app_sessions', 'events', 'error_logs', 'fingerprints', 'paths', 'path_points'] as const;

export interface SyncLogStatus {
  clientId: string | null;
  /** The pull cursor: the last org version this device has. */
  cursor: number;
  nextMutationId: number;
  lastSyncedAt: string | null;
  /** Log rows (sessions, events, error logs…) not yet sent, per table. */
  unsentLogs: { table: (typeof LOG_TABLES)[number]; count: number }[];
}

export async function syncLogStatus(db: CrmDatabase): Promise<SyncLogStatus> {
  const [clientId, cursor, nextMutationId, lastSyncedAt, unsentLogs] = await Promise.all([
    getMeta<string | null>(db, META.clientId, null),
    getMeta<number>(db, META.cursor, 0),
    getMeta<number>(db, META.nextMutationId, 1),
    getMeta<string | null>(db, META.lastSyncedAt, null),
    Promise.all(
      LOG_TABLES.map(async (table) => ({ table, count: await db[table].where('synced').equals(0).count() })),
    ),
  ]);
  return { clientId, cursor, nextMutationId, lastSyncedAt, unsentLogs };
}
