import { useMemo } from 'react';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { useStageMovesSince } from '#src/device/hooks/useStageMoves.ts';
import { useLiveRows } from '#src/device/hooks/useTableRows.ts';
import { useUser, useUserTeams } from '#src/device/hooks/useUsers.ts';
import { monthStart, salesSince } from '#src/domain/monthlySales.ts';
import { type DealFigures, dealFigures } from '#src/domain/pipeline.ts';

const OWNER_COLUMNS = ['owner_id', 'deal_stage'];

export interface UserFigures extends DealFigures {
  /** Sold this calendar month (the contact's move onto a sold stage came this month). */
  monthlySales: number;
}

/**
 * A user's page: their row and their teams from the device, and the figures of the contacts they own on it (every
 * contact for an admin or a manager of theirs), counted live from the row index. The device holds
 * exactly the contacts the viewer may see, so the figures never reveal others the viewer may not.
 */
export function useUserPage(id: string): {
  user: ReturnType<typeof useUser>;
  teams: ReturnType<typeof useUserTeams>;
  figures: UserFigures | undefined;
} {
  const user = useUser(id);
  const teams = useUserTeams(user);
  const stages = useDealStages();
  // Fixed for the visit: the month the page was opened in.
  const since = useMemo(() => monthStart(new Date()), []);
  const moves = useStageMovesSince(since);
  const figures = useLiveRows(
    'contacts',
    OWNER_COLUMNS,
    async (read) => {
      if (!moves) return undefined;
      const own = (await read()).filter((row) => row.owner_id === id);
      return { ...dealFigures(own, stages), monthlySales: salesSince(own, moves, stages, since) };
    },
    [id, stages, moves, since],
  );
  return { user, teams, figures };
}
