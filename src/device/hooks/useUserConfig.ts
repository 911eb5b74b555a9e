import { useLiveQuery } from 'dexie-react-hooks';
import { userConfig } from '#src/db/queries/userConfig.ts';
import type { UserConfigRow } from '#src/db/rows.ts';
import { useDevice } from '../DeviceProvider.tsx';

/**
 * The signed-in user's configuration: undefined while it is read, null when this device has none
 * (not pulled yet, or never saved).
 */
export function useUserConfig(): UserConfigRow | null | undefined {
  const { db, userId } = useDevice();
  return useLiveQuery(() => userConfig(db, userId), [db, userId]);
}
