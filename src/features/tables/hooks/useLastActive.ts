import { readData } from '#src/api/appClient.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import type { UsersLastActive } from '#src/domain/schemas/userProfile.ts';

/**
 * When each user was last active, which only the server knows (their sign-ins and their devices'
 * changes, as a user's page reads it): read while the users table is in sight and online, again
 * when the connection returns; undefined until then or elsewhere.
 */
export function useLastActive(enabled: boolean): UsersLastActive | undefined {
  return useServerData('users-last-active', () => readData<UsersLastActive>('/api/v2/users/last-active'), {
    enabled,
  }).data;
}
