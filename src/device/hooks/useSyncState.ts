import { useLiveQuery } from 'dexie-react-hooks';
import { pendingCount, type RejectedChange, rejectedChanges, rejectedCount } from '#src/db/queries/status.ts';
import { useDevice, useSyncFact } from '../DeviceProvider.tsx';

/** The sync engine's state (online, leader, last sync) and a sync on demand, for screens. */
export { useSyncNow, useSyncStatus } from '../DeviceProvider.tsx';

const NO_CHANGES: RejectedChange[] = [];

/** How many changes wait to reach the server (0 until read). */
export function usePendingCount(): number {
  const { db } = useDevice();
  return useLiveQuery(() => pendingCount(db), [db], 0);
}

/** How many changes the server refused and wait for the user (0 until read). */
export function useRejectedCount(): number {
  const { db } = useDevice();
  return useLiveQuery(() => rejectedCount(db), [db], 0);
}

export type { RejectedChange } from '#src/db/queries/status.ts';

/** The refused changes with their rows as the server has them now, for the needs-attention list. */
export function useRejectedChanges(): RejectedChange[] {
  const { db } = useDevice();
  return useLiveQuery(() => rejectedChanges(db), [db], NO_CHANGES);
}

/** Whether this device is online, as the sync engine knows it (the browser's online events). */
export function useOnline(): boolean {
  return useSyncFact((status) => status.online);
}

/** Whether this device has finished its first sync (it has synced once). */
export function useFirstSyncDone(): boolean {
  return useSyncFact((status) => Boolean(status.lastSyncedAt));
}
