import { useCallback, useEffect, useRef, useState } from 'react';
import { useLastPinChange } from '#src/device/hooks/useLeads.ts';
import { useSyncStatus } from '#src/device/hooks/useSyncState.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { PinFilters } from '../pins/PinClusters.ts';
import { type PinCounts, refreshWait, shownPinCounts } from '../utils/pinRefresh.ts';
import type { PinMap } from './usePinMap.ts';
import { usePinMarks } from './usePinMarks.ts';

/**
 * The lead map's pins over time: the stages and filters handed to the worker, changes taken in as
 * they arrive (throttled during the first sync), and the first open's framing and marks
 * (usePinMarks). Answers how many pins the filters let through out of how many the device holds
 * (both kept true as pins arrive) and whether the pins have been drawn once.
 */
export function useLeadMapPins(
  pinMap: PinMap,
  options: {
    /** Undefined while still being read: nothing is drawn until they are known. */
    stages: DealStage[] | undefined;
    filters: PinFilters;
    hasSavedView: boolean;
    /** The counts of a kept view shown before the worker answered (useKeptPinView). */
    keptCounts?: { shown: number; total: number };
  },
) {
  const { service, total: openedWith, loaded, redraw } = pinMap;
  const { stages, filters, keptCounts } = options;
  const ready = Boolean(service && loaded && stages);
  // The last pin change on this device: any write to contacts (here, a pull, another tab) moves it.
  const lastPinChange = useLastPinChange();
  const firstSyncDone = Boolean(useSyncStatus().lastSyncedAt);
  // The worker counts the pins it opened with; a sync brings more after that (a first sync, all).
  const [counts, setCounts] = useState<PinCounts>({ shown: undefined, total: undefined });
  const takeCounts = useCallback(async (pinService: NonNullable<PinMap['service']>) => {
    const { shown, total } = await pinService.counts();
    setCounts({ shown, total });
  }, []);

  // Stages and filters go to the worker together: one redraw when the map opens, not two.
  useEffect(() => {
    if (!service || !loaded || !stages) return;
    void (async () => {
      await service.setStages(stages);
      await service.setFilters(filters);
      await takeCounts(service);
      await redraw();
    })();
  }, [service, loaded, stages, filters, redraw, takeCounts]);

  // A single change shows at once; a burst of them is taken in at most every 250 ms.
  const lastRefresh = useRef(0);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sequence values are the trigger
  useEffect(() => {
    if (!service || !ready) return;
    const refresh = () => {
      lastRefresh.current = performance.now();
      void service.refresh(!firstSyncDone).then(async (changed) => {
        if (!changed) return;
        await takeCounts(service);
        await redraw();
      });
    };
    const wait = refreshWait(lastRefresh.current, performance.now(), firstSyncDone);
    if (wait <= 0) refresh();
    else if (!refreshTimer.current) {
      refreshTimer.current = setTimeout(() => {
        refreshTimer.current = undefined;
        refresh();
      }, wait);
    }
  }, [service, ready, lastPinChange, redraw]);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  // The last page of the first sync: take everything in at once.
  useEffect(() => {
    if (!firstSyncDone || !service || !ready) return;
    void service.refresh().then(async (changed) => {
      await takeCounts(service);
      // Nothing new (the usual case when the map opens): the pins in view are already asked for.
      if (changed) await redraw();
    });
  }, [firstSyncDone, service, ready, redraw, takeCounts]);

  const drawnOnce = usePinMarks(pinMap, options.hasSavedView);
  return { ...shownPinCounts(counts, keptCounts, openedWith), drawnOnce };
}
