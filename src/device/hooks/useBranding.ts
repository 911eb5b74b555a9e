import { useLiveQuery } from 'dexie-react-hooks';
import { type OrgBranding, orgBranding } from '#src/db/queries/branding.ts';
import { useDevice } from '../DeviceProvider.tsx';
import { useActor } from './useActor.ts';

/** The shapes this hook answers with, for the screens that show them. */
export type { OrgBranding } from '#src/db/queries/branding.ts';

/** The caller's org name, logo and colour as last pulled (undefined while reading). */
export function useBranding(): OrgBranding | undefined {
  const { db } = useDevice();
  const orgId = useActor().org_id;
  return useLiveQuery(() => orgBranding(db, orgId), [db, orgId]);
}
