import { useCallback, useEffect, useRef, useState } from 'react';
import { usePinChanges } from '#src/device/hooks/useLeads.ts';
import { useFirstSyncDone } from '#src/device/hooks/useSyncState.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { PinFilters } from '../pins/PinClusters.ts';
import { type PinCounts, refreshWait, sameCounts, shownPinCounts } from '../utils/pinRefresh.ts';
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
  const firstSyncDone = useFirstSyncDone();
  // The worker counts the pins it opened with; a sync brings more after that (a first sync, all).
  const [counts, setCounts] = useState<PinCounts>({ shown: undefined, total: undefined });
  /** Redraws, then counts what it drew (the worker answers both at once): the map first. */
  const redrawAndCount = useCallback(async () => {
    const view = await redraw();
    const next = view ?? (service ? await service.counts() : undefined);
    if (next) setCounts((was) => (sameCounts(was, next) ? was : { shown: next.shown, total: next.total }));
  }, [redraw, service]);

  // Stages and filters go to the worker together: one redraw when the map opens, not two.
  useEffect(() => {
    if (!service || !loaded || !stages) return;
    void (async () => {
      await service.setStages(stages);
      await service.setFilters(filters);
      await redrawAndCount();
    })();
  }, [service, loaded, stages, filters, redrawAndCount]);

  // A single change shows at once; a burst of them is taken in at most every 250 ms. Changes are
  // heard from the write's commit (usePinChanges), not from the screen drawn again after it.
  const lastRefresh = useRef(0);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const syncDone = useRef(firstSyncDone);
  syncDone.current = firstSyncDone;
  const takeChanges = useCallback(() => {
    if (!service || !ready) return;
    const refresh = () => {
      lastRefresh.current = performance.now();
      void service.refresh(!syncDone.current).then((changed) => (changed ? redrawAndCount() : undefined));
    };
    const wait = refreshWait(lastRefresh.current, performance.now(), syncDone.current);
    if (wait <= 0) refresh();
    else if (!refreshTimer.current) {
      refreshTimer.current = setTimeout(() => {
        refreshTimer.current = undefined;
        refresh();
      }, wait);
    }
  }, [service, ready, redrawAndCount]);
  usePinChanges(takeChanges);
  // And what was written before the map was ready to hear it.
  useEffect(takeChanges, [takeChanges]);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);
  // The last page of the first sync: take everything in at once.
  useEffect(() => {
    if (!firstSyncDone || !service || !ready) return;
    void service.refresh().then(async (changed) => {
      // Nothing new (the usual case when the map opens): the pins in view are already asked for.
      if (changed) await redrawAndCount();
    });
  }, [firstSyncDone, service, ready, redrawAndCount]);

  const drawnOnce = usePinMarks(pinMap, options.hasSavedView);
  return { ...shownPinCounts(counts, keptCounts, openedWith), drawnOnce };
}
