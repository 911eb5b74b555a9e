import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import {
  type ContestData,
  type ContestRow,
  contestData,
  contestSalesReader,
  listContests,
  salesSince,
} from '#src/db/queries/contests.ts';
import { compareContests } from '#src/domain/contests.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The shapes this hook answers with, for the screens that show them. */
export type { ContestData, ContestPerson, ContestRow } from '#src/db/queries/contests.ts';

/** The contests on the device, running first, then upcoming, then finished (undefined while reading). */
export function useContestList(now: Date): ContestRow[] | undefined {
  const { db } = useDevice();
  const rows = useLiveQuery(() => listContests(db), [db]);
  const at = now.getTime();
  return useMemo(() => rows && [...rows].sort((a, b) => compareContests(a, b, new Date(at))), [rows, at]);
}

/**
 * Who is who and the sales the device holds, live: a contract signed and synced moves the standings.
 * Undefined while reading.
 */
export function useContestData(
  contests: readonly ContestRow[] | undefined,
  now: Date,
): ContestData | undefined {
  const { db } = useDevice();
  const reader = useMemo(() => contestSalesReader(db), [db]);
  // Only contests still to be counted need the sales: decided ones show the server's standings.
  const since = contests ? salesSince(contests, now) : undefined;
  return useLiveQuery(
    () => (since === undefined ? undefined : contestData(db, since, reader)),
    [db, reader, since],
  );
}
