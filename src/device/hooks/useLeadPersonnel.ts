import { useLiveQuery } from 'dexie-react-hooks';
import { type LeadPersonnel, personnelOfLead } from '#src/db/queries/leadPersonnel.ts';
import type { LeadRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

export type { LeadPersonnel } from '#src/db/queries/leadPersonnel.ts';

/** The lead's owner, setter and closers, and who worked it (undefined while reading). */
export function useLeadPersonnel(lead: LeadRow): LeadPersonnel | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => personnelOfLead(db, lead), [db, lead]);
}
