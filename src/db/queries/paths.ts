/** GPS paths recorded on this device. */
import type { CrmDatabase, LogRecord } from '../database.ts';

/** What path tracking writes: paths and their points (append-only, pushed as logs). */
export type PathStore = Pick<CrmDatabase, 'paths' | 'path_points'>;

export function pointsOfPath(db: CrmDatabase, pathId: string): Promise<LogRecord[]> {
  return db.path_points.where('path_id').equals(pathId).toArray();
}

/** Whether a path was left open (the app closed while tracking). */
export async function hasOpenPath(db: CrmDatabase): Promise<boolean> {
  return (await db.paths.toArray()).some((p) => !p.ended_at);
}
