import { useEffect, useState } from 'react';
import { api } from '../../../api/appClient.ts';
import { useSyncStatus } from '../../../device/DeviceProvider.tsx';
import type { UserActivity } from '../../../domain/schemas/userProfile.ts';

/**
 * A user's last activity and live sign-in sessions, which only the server knows: read when the
 * page opens online (and again when the connection returns); undefined until then.
 */
export function useUserActivity(id: string): UserActivity | undefined {
  const online = useSyncStatus().online;
  const [activity, setActivity] = useState<{ id: string; data: UserActivity }>();
  useEffect(() => {
    if (!online || !id) return;
    let stale = false;
    api.request<{ data: UserActivity }>('/api/v2/users/activity', { query: { _id: id } }).then(
      (answer) => !stale && setActivity({ id, data: answer.data }),
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [id, online]);
  return activity?.id === id ? activity.data : undefined;
}
