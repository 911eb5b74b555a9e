import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { useLiveRows, useNamedRows } from '#src/device/hooks/useTableRows.ts';
import { countByStage, type StageCount } from '#src/domain/pipeline.ts';

const STAGE_COLUMN = ['deal_stage'];

/** The admin overview's figures, from the device's rows (live: a sync moves them). */
export function useAdminOverview(): {
  users: number;
  teams: number;
  regions: number;
  stages: StageCount[] | undefined;
} {
  const stages = useDealStages();
  const byStage = useLiveRows('contacts', STAGE_COLUMN, async (read) => countByStage(await read(), stages), [
    stages,
  ]);
  return {
    users: useNamedRows('users').length,
    teams: useNamedRows('teams').length,
    regions: useNamedRows('regions').length,
    stages: byStage,
  };
}
