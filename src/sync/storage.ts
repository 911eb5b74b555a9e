/**
 * Storage pressure. Invariant: when space runs out, synced logs and synced path points go first,
 * then the full bytes of files the server already has (their thumbnails stay); the outbox,
 * unsynced records and files not yet uploaded are never pruned.
 */
import { type CrmDatabase, LOG_TABLES } from '../db/database.ts';

export async function pruneSyncedLogs(db: CrmDatabase): Promise<number> {
  let removed = 0;
  for (const table of LOG_TABLES) {
    removed += await db.table(table).where('synced').equals(1).delete();
  }
  removed += await db.media_blobs
    .filter((file) => file.uploaded === 1 && !file.id.endsWith(':thumb'))
    .delete();
  return removed;
}

/** Asks the browser to keep this site's data (installed apps are exempt from eviction anyway). */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await globalThis.navigator?.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
