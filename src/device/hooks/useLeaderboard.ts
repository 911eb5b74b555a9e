import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { knockQualityRows, leaderboardReaders, leaderboardRows } from '#src/db/queries/leaderboard.ts';
import {
  type KnockQualityEntry,
  knockQualityBoard,
  type LeaderboardBoard,
  type LeaderboardEntry,
  type LeaderboardMetric,
  type LeaderboardScope,
  rankLeaderboard,
} from '#src/domain/leaderboard.ts';
import { useDevice } from '../DeviceProvider.tsx';
import { useActor } from './useActor.ts';

export interface LeaderboardSelection {
  metric: LeaderboardMetric;
  scope: LeaderboardScope;
  board: LeaderboardBoard;
  start: Date;
  end: Date;
  /** With the knocks metric: count only the knocks verified at the pin. */
  verifiedOnly?: boolean | undefined;
}

/**
 * The ranked leaderboard for the signed-in user (undefined while reading), live: a synced knock
 * moves it. The period's rows are read once per period; metric, scope and board re-rank them.
 */
export function useLeaderboard(selection: LeaderboardSelection): LeaderboardEntry[] | undefined {
  const { db } = useDevice();
  const actor = useActor();
  const readers = useMemo(() => leaderboardReaders(db), [db]);
  const from = selection.start.getTime();
  const to = selection.end.getTime();
  const rows = useLiveQuery(
    () => leaderboardRows(db, readers, new Date(from), new Date(to)),
    [db, readers, from, to],
  );
  const { metric, scope, board } = selection;
  const verifiedOnly = selection.verifiedOnly === true;
  const { user_id, team_ids, region_ids } = actor;
  return useMemo(
    () =>
      rows &&
      rankLeaderboard(
        rows,
        { user_id, team_ids, region_ids },
        { metric, verifiedOnly, scope, board, start: new Date(from), end: new Date(to) },
      ),
    [rows, user_id, team_ids, region_ids, metric, verifiedOnly, scope, board, from, to],
  );
}

/**
 * The knock quality of the board's people in the period (undefined while reading), live: knocks by
 * classification, average distance from the pin, and time in the field from this device's paths.
 */
export function useKnockQuality(
  selection: Omit<LeaderboardSelection, 'metric' | 'verifiedOnly'>,
): KnockQualityEntry[] | undefined {
  const { db } = useDevice();
  const actor = useActor();
  const readers = useMemo(() => leaderboardReaders(db), [db]);
  const from = selection.start.getTime();
  const to = selection.end.getTime();
  const { user_id, team_ids, region_ids } = actor;
  const read = useLiveQuery(
    () => knockQualityRows(db, readers, user_id, new Date(from), new Date(to)),
    [db, readers, user_id, from, to],
  );
  const { scope, board } = selection;
  return useMemo(
    () =>
      read &&
      knockQualityBoard(
        read.rows,
        { user_id, team_ids, region_ids },
        { scope, board, start: new Date(from), end: new Date(to) },
        read,
      ),
    [read, user_id, team_ids, region_ids, scope, board, from, to],
  );
}
