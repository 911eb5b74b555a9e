import { readData } from '#src/api/appClient.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import type { UserActivity } from '#src/domain/schemas/userProfile.ts';

/**
 * A user's last activity and live sign-in sessions, which only the server knows: read when the
 * page opens online (and again when the connection returns); undefined until then.
 */
export function useUserActivity(id: string): UserActivity | undefined {
  return useServerData(id || null, () => readData<UserActivity>('/api/v2/users/activity', { _id: id })).data;
}
