import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { leaderboardReaders, leaderboardRows } from '../../db/queries/leaderboard.ts';
import {
  type LeaderboardBoard,
  type LeaderboardEntry,
  type LeaderboardMetric,
  type LeaderboardScope,
  rankLeaderboard,
} from '../../domain/leaderboard.ts';
import { useDevice } from '../DeviceProvider.tsx';
import { useActor } from './useActor.ts';

export interface LeaderboardSelection {
  metric: LeaderboardMetric;
  scope: LeaderboardScope;
  board: LeaderboardBoard;
  start: Date;
  end: Date;
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
  const { user_id, team_ids, region_ids } = actor;
  return useMemo(
    () =>
      rows &&
      rankLeaderboard(
        rows,
        { user_id, team_ids, region_ids },
        { metric, scope, board, start: new Date(from), end: new Date(to) },
      ),
    [rows, user_id, team_ids, region_ids, metric, scope, board, from, to],
  );
}
