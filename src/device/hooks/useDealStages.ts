import { useLiveQuery } from 'dexie-react-hooks';
import { dealStages, dealStagesUnreadable } from '#src/db/queries/dealStages.ts';
import { DEFAULT_DEAL_STAGES, type DealStage } from '#src/domain/dealStages.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The org's deal stages as last pulled (the built-in ones until then). */
export function useDealStages(): DealStage[] {
  const { db } = useDevice();
  return useLiveQuery(() => dealStages(db), [db], DEFAULT_DEAL_STAGES);
}

/** The same, but undefined until read from the device (for a screen that should not draw twice). */
export function useLoadedDealStages(): DealStage[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => dealStages(db), [db]);
}

/** True when the org's saved stages cannot be read on this device (the built-in ones are used). */
export function useDealStagesUnreadable(): boolean {
  const { db } = useDevice();
  return useLiveQuery(() => dealStagesUnreadable(db), [db], false);
}
