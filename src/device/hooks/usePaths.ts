import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import type { LogRecord } from '#src/db/database.ts';
import { hasOpenPath, type PathStore, pointsOfPath } from '#src/db/queries/paths.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The shapes this hook answers with, for the screens that show them. */
export type { PathStore } from '#src/db/queries/paths.ts';

const NO_POINTS: LogRecord[] = [];

/** Where path tracking writes (this device's paths and points). */
export function usePathStore(): PathStore {
  return useDevice().db;
}

/** The points recorded on a path (empty without one). */
export function usePathPoints(pathId: string | undefined): LogRecord[] {
  const { db } = useDevice();
  return useLiveQuery(() => (pathId ? pointsOfPath(db, pathId) : NO_POINTS), [db, pathId], NO_POINTS);
}

/** Whether a GPS path was left open when the app closed (checked once per call). */
export function useOpenPathCheck(): () => Promise<boolean> {
  const { db } = useDevice();
  return useCallback(() => hasOpenPath(db), [db]);
}
