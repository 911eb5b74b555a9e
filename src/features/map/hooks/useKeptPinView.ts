import { useCallback, useEffect, useRef, useState } from 'react';
import { type PinViewEntry, usePinViewStore } from '#src/device/hooks/usePinView.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import { type PinFilters, pinViewKey } from '../pins/PinClusters.ts';
import { type PinsInView, viewOf } from '../pins/usePinService.ts';
import type { PinMap } from './usePinMap.ts';

/** Bounds this close are the same view (they come back from the same saved centre and zoom). */
const SAME_BOUNDS = 1e-9;

/** Whether a kept view is what the worker would answer for the map as it opened. */
export function keptViewFits(
  kept: PinViewEntry,
  now: { bbox: readonly number[]; zoom: number },
  key: string,
): boolean {
  return (
    kept.key === key &&
    kept.zoom === now.zoom &&
    kept.bbox.length === now.bbox.length &&
    kept.bbox.every((v, i) => Math.abs(v - (now.bbox[i] as number)) <= SAME_BOUNDS)
  );
}

/**
 * The lead map's kept view. Each view the worker draws is kept on the device; on opening, if the
 * map opens on that same view with the same stages and filters and no pin has changed since, it
 * is drawn at once, while the worker is still loading every pin. Answers the function that keeps a
 * drawn view (for `usePinMap`) and the counts of the view shown from it, if one was.
 */
export function useKeptPinView() {
  const store = usePinViewStore();
  const [kept, setKept] = useState<PinViewEntry | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    store
      .read()
      .then((view) => live && setKept(view ?? null))
      .catch(() => live && setKept(null));
    return () => {
      live = false;
    };
  }, [store]);

  const keep = useCallback(
    (view: PinsInView) => {
      const { collection, version, key, shown, total, bbox, zoom } = view;
      // A view not kept only costs the next opening its head start.
      store
        .save({ version, key, shown, total, bbox, zoom, features: collection.features })
        .catch(() => undefined);
    },
    [store],
  );
  return { kept, keep };
}

/**
 * Draws the kept view once, as soon as the map exists (its view known) and the stages are read:
 * before its style has loaded, the pins then load with the map's first tiles.
 */
export function useShowKeptView(
  { created, mapRef, showKept }: Pick<PinMap, 'created' | 'mapRef' | 'showKept'>,
  kept: PinViewEntry | null | undefined,
  stages: DealStage[] | undefined,
  filters: PinFilters,
): { shown: number; total: number } | undefined {
  const [counts, setCounts] = useState<{ shown: number; total: number }>();
  const tried = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (tried.current || !created || !map || kept === undefined || !stages) return;
    tried.current = true;
    if (!kept || !keptViewFits(kept, viewOf(map), pinViewKey(stages, filters))) return;
    showKept({ type: 'FeatureCollection', features: kept.features });
    performance.mark('pins-kept-shown');
    setCounts({ shown: kept.shown, total: kept.total });
  }, [created, mapRef, kept, stages, filters, showKept]);
  return counts;
}
