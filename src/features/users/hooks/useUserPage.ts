import { useSalesFigures } from '#src/device/hooks/useSalesFigures.ts';
import { useUser, useUserTeams } from '#src/device/hooks/useUsers.ts';
import type { SalesFigures } from '#src/domain/sales.ts';

/**
 * A user's page: their row and their teams from the device, and the sales figures of the contacts
 * they own on it (every contact for an admin or a manager of theirs), counted live.
 */
export function useUserPage(id: string): {
  user: ReturnType<typeof useUser>;
  teams: ReturnType<typeof useUserTeams>;
  figures: SalesFigures | undefined;
} {
  const user = useUser(id);
  const teams = useUserTeams(user);
  const figures = useSalesFigures({ field: 'owner_id', id });
  return { user, teams, figures };
}
