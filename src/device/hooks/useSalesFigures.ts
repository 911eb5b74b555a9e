import { useMemo } from 'react';
import {
  monthRange,
  movesReadFrom,
  SALES_COLUMNS,
  type SalesFigures,
  salesFigures,
  salesFiguresBy,
  soldDays,
} from '#src/domain/sales.ts';
import { useDealStages } from './useDealStages.ts';
import { useStageMovesSince } from './useStageMoves.ts';
import { useLiveRows } from './useTableRows.ts';

/** Whose contacts: a user's own (`owner_id`) or a team's (`team_id`). */
export interface SalesOf {
  field: 'owner_id' | 'team_id';
  id: string;
}

/** The org's stages, this calendar month (fixed for the visit) and the stage moves that may date its sales. */
function useSalesInputs() {
  const stages = useDealStages();
  const period = useMemo(() => monthRange(new Date()), []);
  const since = useMemo(() => movesReadFrom(period), [period]);
  const moves = useStageMovesSince(since);
  return { stages, period, moves };
}

/**
 * The sales figures (`src/domain/sales.ts`) of a user's or a team's contacts on the device, with
 * this calendar month as the period, live (undefined while reading). The device holds exactly the
 * contacts the viewer may see, so the figures never count ones the viewer may not.
 */
export function useSalesFigures({ field, id }: SalesOf): SalesFigures | undefined {
  const { stages, period, moves } = useSalesInputs();
  return useLiveRows(
    'contacts',
    SALES_COLUMNS,
    async (read) => {
      if (!moves) return undefined;
      const rows = (await read()).filter((row) => row[field] === id);
      return salesFigures(rows, stages, period, soldDays(moves, stages));
    },
    [field, id, stages, moves, period],
  );
}

/** Every owner's or team's figures by id, live, while `enabled` (undefined otherwise or while reading). */
export function useSalesFiguresBy(
  field: SalesOf['field'],
  enabled: boolean,
): Map<string, SalesFigures> | undefined {
  const { stages, period, moves } = useSalesInputs();
  return useLiveRows(
    'contacts',
    SALES_COLUMNS,
    async (read) =>
      enabled && moves
        ? salesFiguresBy(await read(), field, stages, period, soldDays(moves, stages))
        : undefined,
    [field, enabled, stages, moves, period],
  );
}
