import { useCallback, useEffect, useRef, useState } from 'react';
import type { DownloadProgress } from '../utils/downloadFiles.ts';
import {
  type AreaStoreDeps,
  downloadArea,
  listSavedAreas,
  type NewArea,
  newSavedArea,
  removeSavedArea,
} from '../utils/offlineAreaStore.ts';
import type { SavedArea } from '../utils/savedArea.ts';

export type DownloadOutcome =
  | { kind: 'saved'; area: SavedArea }
  | { kind: 'cancelled'; area: SavedArea }
  | { kind: 'quota'; area: SavedArea }
  | { kind: 'failed'; area: SavedArea; count: number }
  | { kind: 'error'; message: string };

export interface RunningDownload {
  area: SavedArea;
  progress: DownloadProgress;
}

/**
 * The saved areas of this device and the one download that may be running. The download lives as
 * long as the map does (closing the dialog does not stop it); leaving the map cancels it, and the
 * area stays partly saved, ready to resume.
 */
export function useOfflineAreas(deps: AreaStoreDeps | undefined) {
  const [areas, setAreas] = useState<SavedArea[]>([]);
  const [running, setRunning] = useState<RunningDownload | undefined>();
  const [outcome, setOutcome] = useState<DownloadOutcome | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);

  const reload = useCallback(async () => {
    if (deps) setAreas(await listSavedAreas(deps));
  }, [deps]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (area: SavedArea) => {
      if (!deps || controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setOutcome(undefined);
      setRunning({ area, progress: { total: area.total, done: 0, failed: 0, bytes: 0 } });
      try {
        const { area: finished, result } = await downloadArea(area, deps, {
          signal: abort.signal,
          onProgress: (progress) => setRunning({ area, progress }),
          // Listed (as partly saved) while it downloads.
          onStarted: () => void reload(),
        });
        if (result.stopped) setOutcome({ kind: result.stopped, area: finished });
        else if (result.failed > 0) setOutcome({ kind: 'failed', area: finished, count: result.failed });
        else setOutcome({ kind: 'saved', area: finished });
      } catch (err) {
        setOutcome({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
      } finally {
        controller.current = undefined;
        setRunning(undefined);
        await reload();
      }
    },
    [deps, reload],
  );

  const save = useCallback((input: NewArea) => run(newSavedArea(input)), [run]);
  const cancel = useCallback(() => controller.current?.abort(), []);
  const remove = useCallback(
    async (id: string) => {
      if (!deps) return;
      await removeSavedArea(id, deps);
      await reload();
    },
    [deps, reload],
  );

  return { areas, running, outcome, save, resume: run, cancel, remove };
}
