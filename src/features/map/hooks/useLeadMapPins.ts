import type { MapSourceDataEvent } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLastPinChange } from '../../../device/hooks/useLeads.ts';
import { useSyncStatus } from '../../../device/hooks/useSyncState.ts';
import type { DealStage } from '../../../domain/dealStages.ts';
import type { PinFilters } from '../pins/PinClusters.ts';
import { NO_PINS, type PinMap } from './usePinMap.ts';

/** How often a stream of pin changes (a sync in progress) is taken into the map. */
const REFRESH_EVERY_MS = 250;
const FIRST_SYNC_REFRESH_EVERY_MS = 15_000;

/**
 * The lead map's pins over time: the stages and filters handed to the worker, changes taken in as
 * they arrive (throttled during the first sync), the first open framing every pin, and the
 * 'pins-drawn' / 'pins-updated' marks. Answers how many pins the filters let through out of how
 * many the device holds (both kept true as pins arrive) and whether the pins have been drawn once.
 */
export function useLeadMapPins(
  { service, total: openedWith, loaded, pins, redraw, mapRef }: PinMap,
  {
    stages,
    filters,
    hasSavedView,
    keptCounts,
  }: {
    /** Undefined while still being read: nothing is drawn until they are known. */
    stages: DealStage[] | undefined;
    filters: PinFilters;
    hasSavedView: boolean;
    /** The counts of a kept view shown before the worker answered (useKeptPinView). */
    keptCounts?: { shown: number; total: number };
  },
) {
  const ready = Boolean(service && loaded && stages);
  // The last pin change on this device: any write to contacts (here, a pull, another tab) moves it.
  const lastPinChange = useLastPinChange();
  const firstSyncDone = Boolean(useSyncStatus().lastSyncedAt);
  const [shown, setShown] = useState<number | undefined>();
  // The worker counts the pins it opened with; a sync brings more after that (a first sync, all).
  const [total, setTotal] = useState<number | undefined>();
  const takeCounts = useCallback(async (pinService: NonNullable<PinMap['service']>) => {
    const counts = await pinService.counts();
    setShown(counts.shown);
    setTotal(counts.total);
  }, []);
  const [drawnOnce, setDrawnOnce] = useState(false);

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
    // During the device's first sync the map takes the arriving pins in less often, leaving the
    // machine to the sync itself.
    const every = firstSyncDone ? REFRESH_EVERY_MS : FIRST_SYNC_REFRESH_EVERY_MS;
    const wait = lastRefresh.current + every - performance.now();
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

  // First open on this device: frame every pin.
  useEffect(() => {
    if (!service || !loaded || hasSavedView) return;
    void service.bounds().then((bounds) => {
      if (bounds) mapRef.current?.fitBounds(bounds, { padding: 40, duration: 0 });
    });
  }, [service, loaded, hasSavedView, mapRef]);

  // DESIGN.md contract: 'pins-drawn' once the map has drawn its pins after opening '/'; later
  // redraws (a knock, a pull, a filter) mark 'pins-updated' when they are on screen.
  // The shipped geography waits for that first mark, so it never delays the pins.
  const firstDrawPending = useRef(true);
  useEffect(() => {
    const map = mapRef.current?.getMap();
    // The first pins drawn may be a kept view, read before the map exists: wait for it to load.
    if (!map || !loaded || pins === NO_PINS) return;
    if (firstDrawPending.current) {
      firstDrawPending.current = false;
      map.once('idle', () => {
        performance.mark('pins-drawn');
        setDrawnOnce(true);
      });
      // A map already at rest with these pins fires no more 'idle' until something draws again.
      map.triggerRepaint();
      return;
    }
    // Later updates: the frame drawn once the pins source holds the new data (other layers still
    // loading, such as the cities, do not count).
    const onData = (event: MapSourceDataEvent) => {
      if (event.sourceId !== 'pins' || !event.isSourceLoaded || event.sourceDataType === 'metadata') return;
      map.off('sourcedata', onData);
      map.once('render', () => performance.mark('pins-updated'));
    };
    map.on('sourcedata', onData);
    return () => {
      map.off('sourcedata', onData);
    };
  }, [pins, mapRef, loaded]);

  return {
    shown: shown ?? keptCounts?.shown,
    total: total ?? keptCounts?.total ?? openedWith,
    drawnOnce,
  };
}
