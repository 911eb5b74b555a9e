import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenPathCheck, usePathPoints, usePathStore } from '#src/device/hooks/usePaths.ts';
import { showToast, toastError } from '#src/ui/toasts.tsx';
import { GEOLOCATION_OPTIONS } from '../utils/geolocation.ts';
import { type PathPoint, PathTracker, type TrackerEvent } from './pathTracker.ts';

/**
 * Start and stop path tracking from the map, with the spec's toasts; keeps the screen awake while
 * tracking where the browser allows it, and resumes a path left open.
 */
export function usePathTracking() {
  const { t } = useTranslation('map');
  const db = usePathStore();
  const hasOpenPath = useOpenPathCheck();
  const [active, setActive] = useState<string | undefined>();
  // Points taken since the path started or resumed: they count before their batch is written.
  const [taken, setTaken] = useState<PathPoint[]>([]);

  const onEvent = useCallback(
    (event: TrackerEvent) => {
      if (event.type === 'point') {
        setTaken((points) => [...points, event.point]);
      } else if (event.type === 'started') {
        setActive(event.pathId);
        setTaken([]);
        showToast({ color: 'green', title: t('tracking.started'), message: '' });
      } else if (event.type === 'position-error' && event.beforeFirstFix) {
        showToast({
          color: 'red',
          title: t('tracking.issueTitle'),
          message: t('tracking.issueMessage'),
        });
      } else if (event.type === 'saved') {
        setActive(undefined);
        setTaken([]);
        showToast({ color: 'green', title: t('tracking.saved'), message: '' });
      }
    },
    [t],
  );

  const tracker = useMemo(() => {
    if (!('geolocation' in navigator)) return undefined;
    return new PathTracker(
      db,
      { geolocation: navigator.geolocation, options: GEOLOCATION_OPTIONS, now: () => new Date() },
      onEvent,
    );
  }, [db, onEvent]);

  // A path left open when the app closed goes on.
  useEffect(() => {
    if (!tracker) return;
    void hasOpenPath()
      .then((open) => (open ? tracker.start() : undefined))
      .catch(() => undefined);
    return () => {
      void tracker.flush();
    };
  }, [hasOpenPath, tracker]);

  useWakeLock(Boolean(active));

  const start = useCallback(async () => {
    if (!tracker) {
      showToast({
        color: 'red',
        title: t('tracking.issueTitle'),
        message: t('tracking.issueMessage'),
      });
      return;
    }
    try {
      await tracker.start();
    } catch (err) {
      // The spec's red toast; an error's own words under it (a position failure has none).
      toastError(t('tracking.startError'), err instanceof Error ? err : '');
    }
  }, [tracker, t]);

  const stop = useCallback(async () => {
    try {
      await tracker?.stop();
    } catch (err) {
      toastError(t('tracking.saveError'), err instanceof Error ? err : '');
    }
  }, [tracker, t]);

  const stored = usePathPoints(active);
  const points = useMemo(() => withTaken(stored, taken), [stored, taken]);
  const line = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features:
        points.length > 1
          ? [
              {
                type: 'Feature',
                properties: {},
                geometry: {
                  type: 'LineString',
                  coordinates: [...points]
                    .sort((a, b) => String(a.recorded_at).localeCompare(String(b.recorded_at)))
                    .map((p) => [Number(p.lng), Number(p.lat)]),
                },
              },
            ]
          : [],
    }),
    [points],
  );

  return { active: Boolean(active), start, stop, line, pointCount: points.length };
}

/** The path's points written to the device, and those taken since that are not written yet. */
type LinePoint = { id: string; lat?: unknown; lng?: unknown; recorded_at?: unknown };

function withTaken(stored: readonly LinePoint[], taken: readonly PathPoint[]): readonly LinePoint[] {
  if (!taken.length) return stored;
  const written = new Set(stored.map((p) => p.id));
  return [...stored, ...taken.filter((p) => !written.has(p.id))];
}

/** Keeps the screen on while `on`, re-taking the lock when the page becomes visible again. */
function useWakeLock(on: boolean) {
  useEffect(() => {
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> } }
    ).wakeLock;
    if (!on || !wakeLock) return;
    let sentinel: WakeLockSentinel | undefined;
    const take = () => {
      if (document.visibilityState === 'visible') {
        void wakeLock
          .request('screen')
          .then((s) => {
            sentinel = s;
          })
          .catch(() => undefined);
      }
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => {
      document.removeEventListener('visibilitychange', take);
      void sentinel?.release().catch(() => undefined);
    };
  }, [on]);
}
