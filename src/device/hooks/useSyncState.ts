import { useLiveQuery } from 'dexie-react-hooks';
import type { RejectedEntry } from '../../db/database.ts';
import { pendingCount, rejectedCount, rejectedEntries } from '../../db/queries/status.ts';
import { useDevice } from '../DeviceProvider.tsx';

const NONE: RejectedEntry[] = [];

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

/** The changes the server refused, for the needs-attention list. */
export function useRejected(): RejectedEntry[] {
  const { db } = useDevice();
  return useLiveQuery(() => rejectedEntries(db), [db], NONE);
}
