import { useLiveQuery } from 'dexie-react-hooks';
import { listRoles } from '#src/db/queries/roles.ts';
import type { RoleRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The org's named roles on the device, by name (undefined while reading). */
export function useRoles(): RoleRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => listRoles(db), [db]);
}
