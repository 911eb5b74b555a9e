import { useEffect } from 'react';
import type { ActivityLog } from '../activityLog.ts';
import { useDevice } from '../DeviceProvider.tsx';

/**
 * What the signed-in user does, for the session's events and error logs: `event(type, {table,
 * ref, value})`, `search(table, text)` and `error(event, err)`. Recorded on the device and sent by
 * the log stream; never throws, so a screen can call it in one line.
 */
export function useActivityLog(): Pick<ActivityLog, 'event' | 'search' | 'error'> {
  return useDevice().activity;
}

/** Logs a screen view each time the route's path changes. */
export function useScreenViewLog(path: string): void {
  const { activity } = useDevice();
  useEffect(() => {
    activity.event('screen_view', { ref: path, value: { path } });
  }, [activity, path]);
}
