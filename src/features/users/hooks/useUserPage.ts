import { useDealStages } from '../../../device/hooks/useDealStages.ts';
import { useLiveRows } from '../../../device/hooks/useTableRows.ts';
import { useUser } from '../../../device/hooks/useUsers.ts';
import { type DealFigures, dealFigures } from '../../../domain/pipeline.ts';

const OWNER_COLUMNS = ['owner_id', 'deal_stage'];

/**
 * A user's page: their row from the device and the figures of the contacts they own on it (every
 * contact for an admin or a manager of theirs), counted live from the row index.
 */
export function useUserPage(id: string): {
  user: ReturnType<typeof useUser>;
  figures: DealFigures | undefined;
} {
  const user = useUser(id);
  const stages = useDealStages();
  const figures = useLiveRows(
    'contacts',
    OWNER_COLUMNS,
    async (read) =>
      dealFigures(
        (await read()).filter((row) => row.owner_id === id),
        stages,
      ),
    [id, stages],
  );
  return { user, figures };
}
