import { DEFAULT_DEAL_STAGES, type DealStage, isDealStageList } from '#src/domain/dealStages.ts';
import type { CrmDatabase } from '../database.ts';
import type { DealStageInterfaceRow } from '../rows.ts';

/**
 * The org's deal stages (the `deal_stage` interface) as last pulled, or the built-in ones. The
 * server validated the configuration when it was saved, so a structural check is enough here.
 */
export async function dealStages(db: CrmDatabase): Promise<DealStage[]> {
  const row: DealStageInterfaceRow | undefined = await db.interfaces
    .where('key')
    .equals('deal_stage')
    .first();
  return isDealStageList(row?.data) ? row.data : DEFAULT_DEAL_STAGES;
}

/**
 * Whether the org has a saved configuration the device cannot use (it then works with the
 * built-in stages and says so).
 */
export async function dealStagesUnreadable(db: CrmDatabase): Promise<boolean> {
  const row: DealStageInterfaceRow | undefined = await db.interfaces
    .where('key')
    .equals('deal_stage')
    .first();
  return !!row && !row.deleted_at && !isDealStageList(row.data);
}
