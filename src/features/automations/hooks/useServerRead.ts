import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/appClient.ts';
import { useSyncStatus } from '../../../device/DeviceProvider.tsx';

export interface ServerRead<T> {
  /** Undefined until read (or while offline). */
  data: T | undefined;
  failed: boolean;
  online: boolean;
  reload(): void;
}

/**
 * An online-only read of the server's `{data}` at `path` (run logs, webhooks): read when the screen
 * opens online, again when the connection returns or on `reload`; nothing while `path` is null.
 */
export function useServerRead<T>(path: string | null): ServerRead<T> {
  const online = useSyncStatus().online;
  const [state, setState] = useState<{ path: string; data?: T; failed: boolean }>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!online || !path) return;
    let stale = false;
    // The round is read so a reload asks again.
    void round;
    api.request<{ data: T }>(path).then(
      (answer) => !stale && setState({ path, data: answer.data, failed: false }),
      () => !stale && setState({ path, failed: true }),
    );
    return () => {
      stale = true;
    };
  }, [path, online, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const current = state?.path === path ? state : undefined;
  return { data: current?.data, failed: current?.failed ?? false, online, reload };
}
