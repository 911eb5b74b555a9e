/** The queue's state as a person sees it: what waits to be sent, what the server refused. */
import type { CrmDatabase, RejectedEntry } from '../database.ts';

/** How many changes wait to reach the server. */
export function pendingCount(db: CrmDatabase): Promise<number> {
  return db.outbox.count();
}

export function rejectedCount(db: CrmDatabase): Promise<number> {
  return db.rejected.count();
}

export function rejectedEntries(db: CrmDatabase): Promise<RejectedEntry[]> {
  return db.rejected.toArray();
}
