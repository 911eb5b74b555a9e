/** Small device settings of the sync engine, read and written inside the caller's transaction. */
import type { CrmDatabase } from './database.ts';

export async function getMeta<T>(db: CrmDatabase, key: string, fallback: T): Promise<T> {
  const entry = await db.meta.get(key);
  return entry === undefined ? fallback : (entry.value as T);
}

export async function setMeta(db: CrmDatabase, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

export const META = {
  clientId: 'client_id',
  cursor: 'cursor',
  nextMutationId: 'next_mutation_id',
  lastSyncedAt: 'last_synced_at',
  /** The server's tombstone horizon when the device's last full sync started (see engine.ts). */
  horizon: 'horizon',
} as const;
